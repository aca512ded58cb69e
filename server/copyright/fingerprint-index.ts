// An in-memory inverted index of winnowed fingerprints (hash → document and token position) and the match
// extraction over it: every k-gram of the answer is looked up, each hit is verified and extended token by token in
// both directions (so the spans are exact, not fingerprint-granular), runs of the same document a few tokens apart
// are joined (a changed or inserted word does not split a copied paragraph), and only runs with at least
// `minTokens` copied tokens count: a short common phrase or a paraphrase sharing a few words is not a match.
import { K, kgramHashes, tokenize, winnow } from './fingerprint';
import type { Tokens } from './fingerprint';

/** Copied tokens a match needs (a sentence of ~20 words). */
export const MIN_MATCH_TOKENS = 20;
/** Tokens of difference (a changed, added or dropped word or two) that still join two copied runs into one match. */
export const JOIN_GAP_TOKENS = 4;
/** A joined match must still be mostly copied: copied tokens / span. */
export const MIN_MATCH_DENSITY = 0.75;
/** Positions per document (token offsets are packed beside the document's slot in one number). */
const POSITION_BITS = 2 ** 22;
export const MAX_TOKENS_PER_DOCUMENT = POSITION_BITS - 1;

export interface IndexedDocument {
  id: string;
  name: string;
  tokens: Tokens;
}

export interface IndexMatch {
  documentId: string;
  documentName: string;
  /** Character span in the answer: [start, end). */
  answerStart: number;
  answerEnd: number;
  /** Character span in the source document: [start, end). */
  sourceStart: number;
  sourceEnd: number;
  /** Tokens of the answer that are copied within the span. */
  copiedTokens: number;
  /** Tokens of the answer the span covers. */
  spanTokens: number;
}

export interface MatchOptions {
  minTokens?: number;
}

interface Segment {
  a0: number;
  a1: number;
  s0: number;
  s1: number;
}

export interface QueryText {
  tokens: Tokens;
  grams: Uint32Array;
}

export function queryOf(text: string): QueryText {
  const tokens = tokenize(text);
  return { tokens, grams: kgramHashes(tokens.hashes) };
}

export class FingerprintIndex {
  private readonly documents: (IndexedDocument | undefined)[] = [];
  private readonly slots = new Map<string, number>();
  private readonly free: number[] = [];
  /** hash → one packed posting (slot × 2^22 + position), or several. */
  private readonly postings = new Map<number, number | number[]>();
  private postingCount = 0;

  get size(): number {
    return this.slots.size;
  }

  get fingerprints(): number {
    return this.postingCount;
  }

  has(id: string): boolean {
    return this.slots.has(id);
  }

  ids(): IterableIterator<string> {
    return this.slots.keys();
  }

  /** Adds (or replaces) a document; answers the number of fingerprints kept. */
  add(id: string, name: string, text: string): number {
    if (this.slots.has(id)) this.remove(id);
    const full = tokenize(text);
    const tokens =
      full.hashes.length > MAX_TOKENS_PER_DOCUMENT
        ? { hashes: full.hashes.slice(0, MAX_TOKENS_PER_DOCUMENT), starts: full.starts.slice(0, MAX_TOKENS_PER_DOCUMENT), ends: full.ends.slice(0, MAX_TOKENS_PER_DOCUMENT) }
        : full;
    const slot = this.free.pop() ?? this.documents.length;
    this.documents[slot] = { id, name, tokens };
    this.slots.set(id, slot);
    const kept = winnow(kgramHashes(tokens.hashes));
    for (let index = 0; index < kept.length; index += 2) {
      const hash = kept[index]!;
      const posting = slot * POSITION_BITS + kept[index + 1]!;
      const existing = this.postings.get(hash);
      if (existing === undefined) this.postings.set(hash, posting);
      else if (typeof existing === 'number') this.postings.set(hash, [existing, posting]);
      else existing.push(posting);
    }
    this.postingCount += kept.length / 2;
    return kept.length / 2;
  }

  remove(id: string): boolean {
    const slot = this.slots.get(id);
    if (slot === undefined) return false;
    const document = this.documents[slot]!;
    const kept = winnow(kgramHashes(document.tokens.hashes));
    for (let index = 0; index < kept.length; index += 2) {
      const hash = kept[index]!;
      const existing = this.postings.get(hash);
      if (existing === undefined) continue;
      if (typeof existing === 'number') {
        if (Math.floor(existing / POSITION_BITS) === slot) this.postings.delete(hash);
        continue;
      }
      const rest = existing.filter((posting) => Math.floor(posting / POSITION_BITS) !== slot);
      if (!rest.length) this.postings.delete(hash);
      else this.postings.set(hash, rest.length === 1 ? rest[0]! : rest);
    }
    this.postingCount -= kept.length / 2;
    this.documents[slot] = undefined;
    this.slots.delete(id);
    this.free.push(slot);
    return true;
  }

  /** The copied passages of the answer, per document, answer order. */
  match(query: QueryText, options: MatchOptions = {}): IndexMatch[] {
    const minTokens = options.minTokens ?? MIN_MATCH_TOKENS;
    const answer = query.tokens.hashes;
    if (answer.length < Math.max(K, minTokens)) return [];
    const segments = new Map<number, Segment[]>();
    for (let position = 0; position < query.grams.length; position += 1) {
      const hit = this.postings.get(query.grams[position]!);
      if (hit === undefined) continue;
      if (typeof hit === 'number') this.seed(segments, answer, position, hit);
      else for (const posting of hit) this.seed(segments, answer, position, posting);
    }
    const matches: IndexMatch[] = [];
    for (const [slot, found] of segments) {
      const document = this.documents[slot]!;
      for (const joined of join(found)) {
        if (joined.copied < minTokens || joined.copied / (joined.a1 - joined.a0) < MIN_MATCH_DENSITY) continue;
        matches.push({
          documentId: document.id,
          documentName: document.name,
          answerStart: query.tokens.starts[joined.a0]!,
          answerEnd: query.tokens.ends[joined.a1 - 1]!,
          sourceStart: document.tokens.starts[joined.s0]!,
          sourceEnd: document.tokens.ends[joined.s1 - 1]!,
          copiedTokens: joined.copied,
          spanTokens: joined.a1 - joined.a0,
        });
      }
    }
    return matches.sort((left, right) => left.answerStart - right.answerStart || right.copiedTokens - left.copiedTokens);
  }

  private seed(segments: Map<number, Segment[]>, answer: Uint32Array, position: number, posting: number): void {
    const slot = Math.floor(posting / POSITION_BITS);
    const sourcePosition = posting - slot * POSITION_BITS;
    const found = segments.get(slot);
    // Already inside a run found on the same diagonal: nothing new.
    if (found?.some((segment) => position >= segment.a0 && position < segment.a1 && segment.s0 - segment.a0 === sourcePosition - position)) return;
    const source = this.documents[slot]!.tokens.hashes;
    let a1 = position;
    let s1 = sourcePosition;
    while (a1 < answer.length && s1 < source.length && answer[a1] === source[s1]) {
      a1 += 1;
      s1 += 1;
    }
    // A hash collision, not shared text.
    if (a1 - position < K) return;
    let a0 = position;
    let s0 = sourcePosition;
    while (a0 > 0 && s0 > 0 && answer[a0 - 1] === source[s0 - 1]) {
      a0 -= 1;
      s0 -= 1;
    }
    const segment = { a0, a1, s0, s1 };
    if (found) found.push(segment);
    else segments.set(slot, [segment]);
  }
}

/** Joins runs of one document that follow each other in both texts, a few tokens apart. */
function join(found: Segment[]): (Segment & { copied: number })[] {
  const sorted = [...found].sort((left, right) => left.a0 - right.a0 || right.a1 - right.a0 - (left.a1 - left.a0));
  const joined: (Segment & { copied: number })[] = [];
  for (const segment of sorted) {
    const last = joined.at(-1);
    if (last && segment.a1 <= last.a1) continue;
    if (last && segment.a0 - last.a1 <= JOIN_GAP_TOKENS && segment.s0 >= last.s1 - JOIN_GAP_TOKENS && segment.s0 - last.s1 <= JOIN_GAP_TOKENS) {
      const start = Math.max(segment.a0, last.a1);
      last.copied += segment.a1 - start;
      last.a1 = segment.a1;
      last.s1 = Math.max(last.s1, segment.s1);
      continue;
    }
    joined.push({ ...segment, copied: segment.a1 - segment.a0 });
  }
  return joined;
}
