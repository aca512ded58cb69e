// Reciprocal rank fusion (Cormack, Clarke and Büttcher, SIGIR 2009): a document's fused score is the sum, over
// the ranked lists it appears in, of 1 / (k + its rank), ranks counted from 1. It needs no score normalisation,
// which matters here: BM25 scores are unbounded, cosine similarities lie in [-1, 1] and Euclidean distances
// depend on the model. k = 60 is the value of the paper; it keeps the first few ranks of each list from dominating.

export const RRF_K = 60;

export interface RankedList {
  kind: 'bm25' | 'vector';
  /** Best first. */
  ids: string[];
}

export interface FusedHit {
  id: string;
  score: number;
  source: 'bm25' | 'vector' | 'both';
}

export function reciprocalRankFusion(lists: RankedList[], k = RRF_K): FusedHit[] {
  const fused = new Map<string, { score: number; bm25: boolean; vector: boolean }>();
  for (const list of lists) {
    list.ids.forEach((id, index) => {
      const entry = fused.get(id) ?? { score: 0, bm25: false, vector: false };
      entry.score += 1 / (k + index + 1);
      entry[list.kind] = true;
      fused.set(id, entry);
    });
  }
  return [...fused.entries()]
    .map(([id, entry]) => ({ id, score: entry.score, source: entry.bm25 && entry.vector ? ('both' as const) : entry.bm25 ? ('bm25' as const) : ('vector' as const) }))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
