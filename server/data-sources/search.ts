// Retrieval for the pipeline's corporate-data stage and the admin's search: BM25 alone for sources without
// embeddings, BM25 fused with vector search (reciprocal rank fusion, rank-fusion.ts) for sources with them, and
// BM25 alone, with the reason, when a source's embedding provider fails or nothing of it is embedded yet.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { DataSourcesRepository } from './data-sources.repository';
import type { RedTeamSource } from './data-sources.repository';
import { vectorIndexOf } from './embeddings/index-cache';
import type { EmbedderFactory } from './embeddings/source-embedder';
import type { VectorMetric } from './embeddings/vector-index';
import { reciprocalRankFusion } from './rank-fusion';
import type { RankedList } from './rank-fusion';
import type { RetrievalOutcome, RetrievedChunk, RetrieveInput, SearchSource } from './retrieval';
import { bm25Search, chunkDetails, clampLimit, DEFAULT_RETRIEVAL_LIMIT } from './retrieval';

/** Each ranking reads this many candidates (at least the limit) before fusion. */
const MIN_CANDIDATES = 50;
/** A question is embedded within this time, or retrieval goes on with BM25 alone. */
export const QUERY_EMBEDDING_TIMEOUT_MS = 10_000;

/** Chunks of the enabled sources the caller may read (a source without groups: the whole organization), best first. */
export async function retrieve(db: Kysely<Database>, input: RetrieveInput): Promise<RetrievalOutcome> {
  const sources = await new DataSourcesRepository(db).readable(input.organizationId, input.groupIds, input.redTeamSource);
  return searchSources(db, sources, input.query, input.limit ?? DEFAULT_RETRIEVAL_LIMIT, input.embedders);
}

/** Chunks of the given sources (a copilot's, already narrowed to what the caller may read) that are enabled, best first. */
export async function retrieveFromSources(
  db: Kysely<Database>,
  input: { organizationId: string; dataSourceIds: string[]; query: string; limit?: number; embedders?: EmbedderFactory; redTeamSource?: RedTeamSource | undefined },
): Promise<RetrievalOutcome> {
  const { redTeamSource } = input;
  if (!input.dataSourceIds.length && !redTeamSource) return { mode: 'bm25', fallbackReason: null, chunks: [] };
  const sources = await db
    .selectFrom('data_sources')
    .selectAll()
    .where('organization_id', '=', input.organizationId)
    .where('enabled', '=', 1)
    // The copilot's sources (never a red-teaming job's), and for a red-teaming attempt's prompt its own source.
    .where((eb) =>
      eb.or([
        eb.and([eb('id', 'in', input.dataSourceIds.length ? input.dataSourceIds : ['']), eb('red_team_job_id', 'is', null)]),
        ...(redTeamSource ? [eb.and([eb('id', '=', redTeamSource.sourceId), eb('red_team_job_id', '=', redTeamSource.jobId)])] : []),
      ]),
    )
    .orderBy('name')
    .execute();
  return searchSources(db, sources, input.query, input.limit ?? DEFAULT_RETRIEVAL_LIMIT, input.embedders);
}

/**
 * The given sources' best chunks, at most `limit` (1 to 100): BM25 alone when no source has embeddings on (or no
 * embedder is given), else BM25 fused with each embedded source's vector ranking.
 */
export async function searchSources(db: Kysely<Database>, sources: SearchSource[], query: string, limit: number, embedders?: EmbedderFactory): Promise<RetrievalOutcome> {
  const wanted = clampLimit(limit);
  const embedded = sources.filter((source) => source.embeddings_enabled === 1 && Number(source.chunk_count) > 0);
  if (!embedders || !embedded.length) return { mode: 'bm25', fallbackReason: null, chunks: await bm25Search(db, sources, query, wanted) };

  const candidates = Math.max(wanted, MIN_CANDIDATES);
  const bm25 = await bm25Search(db, sources, query, candidates);
  const vectorLists: RankedList[] = [];
  const reasons: string[] = [];
  const queryVectors = new Map<string, Promise<number[]>>();
  for (const source of embedded) {
    try {
      const embedder = await embedders(db, source);
      const index = await vectorIndexOf(db, source, embedder.key);
      if (!index) {
        reasons.push(`${source.name}: no passage is embedded yet (sync the data source)`);
        continue;
      }
      let queryVector = queryVectors.get(embedder.key);
      if (!queryVector) {
        queryVector = embedder.embedQuery(query, AbortSignal.timeout(QUERY_EMBEDDING_TIMEOUT_MS));
        queryVectors.set(embedder.key, queryVector);
      }
      const metric: VectorMetric = source.similarity === 2 ? 'euclidean' : 'cosine';
      // A cosine of 0 or less shares nothing with the question: it is no match, however few chunks there are.
      const matches = index.search(await queryVector, candidates, metric).filter((match) => metric === 'euclidean' || match.score > 0);
      vectorLists.push({ kind: 'vector', ids: matches.map((match) => match.id) });
    } catch (error) {
      reasons.push(`${source.name}: ${error instanceof Error ? error.message : 'the embedding provider failed'}`);
    }
  }
  const fallbackReason = reasons.length ? `Vector search unavailable, BM25 alone for ${reasons.join('; ')}` : null;
  if (!vectorLists.length) return { mode: 'bm25', fallbackReason, chunks: bm25.slice(0, wanted) };

  const fused = reciprocalRankFusion([{ kind: 'bm25', ids: bm25.map((hit) => hit.chunkId) }, ...vectorLists]).slice(0, wanted);
  const known = new Map(bm25.map((hit) => [hit.chunkId, hit]));
  const details = await chunkDetails(
    db,
    sources,
    fused.filter((hit) => !known.has(hit.id)).map((hit) => hit.id),
  );
  const chunks = fused.flatMap((hit): RetrievedChunk[] => {
    const chunk = known.get(hit.id) ?? details.get(hit.id);
    return chunk ? [{ ...chunk, score: Math.round(hit.score * 1_000_000) / 1_000_000, source: hit.source }] : [];
  });
  return { mode: 'hybrid', fallbackReason, chunks };
}
