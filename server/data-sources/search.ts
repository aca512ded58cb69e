// Retrieval for the pipeline's corporate-data stage and the admin's search: BM25 alone for sources without
// embeddings, BM25 fused with vector search (reciprocal rank fusion, rank-fusion.ts) for sources with them, and
// BM25 alone, with the reason, when a source's embedding provider fails or nothing of it is embedded yet.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { DataSourcesRepository } from './data-sources.repository';
import type { RedTeamSource } from './data-sources.repository';
import { vectorIndexOf } from './embeddings/index-cache';
import type { EmbedderFactory } from './embeddings/source-embedder';
import type { VectorMatch, VectorMetric } from './embeddings/vector-index';
import { reciprocalRankFusion } from './rank-fusion';
import type { RankedList } from './rank-fusion';
import type { RetrievalOutcome, RetrievedChunk, RetrieveInput, SearchSource } from './retrieval';
import { bm25Search, chunkDetails, clampLimit, DEFAULT_RETRIEVAL_LIMIT } from './retrieval';
import { StoreEntriesRepository } from './vector-stores/entries.repository';
import type { VectorStoreFactory } from './vector-stores/stores';
import { externalStoreOf, storeKeyOf, usesExternalStore } from './vector-stores/stores';
import type { VectorStore } from './vector-stores/vector-store';

/** Each ranking reads this many candidates (at least the limit) before fusion. */
const MIN_CANDIDATES = 50;
/** A question is embedded within this time, or retrieval goes on with BM25 alone. */
export const QUERY_EMBEDDING_TIMEOUT_MS = 10_000;

/** Chunks of the enabled sources the caller may read (a source without groups: the whole organization), best first. */
export async function retrieve(db: Kysely<Database>, input: RetrieveInput): Promise<RetrievalOutcome> {
  const sources = await new DataSourcesRepository(db).readable(input.organizationId, input.groupIds, input.redTeamSource);
  return searchSources(db, sources, input.query, input.limit ?? DEFAULT_RETRIEVAL_LIMIT, input.embedders, input.stores);
}

/** Chunks of the given sources (a copilot's, already narrowed to what the caller may read) that are enabled, best first. */
export async function retrieveFromSources(
  db: Kysely<Database>,
  input: { organizationId: string; dataSourceIds: string[]; query: string; limit?: number; embedders?: EmbedderFactory; stores?: VectorStoreFactory; redTeamSource?: RedTeamSource | undefined },
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
  return searchSources(db, sources, input.query, input.limit ?? DEFAULT_RETRIEVAL_LIMIT, input.embedders, input.stores);
}

/**
 * The given sources' best chunks, at most `limit` (1 to 100): BM25 alone when no source has embeddings on (or no
 * embedder is given), else BM25 fused with each embedded source's vector ranking.
 */
export async function searchSources(db: Kysely<Database>, sources: SearchSource[], query: string, limit: number, embedders?: EmbedderFactory, stores?: VectorStoreFactory): Promise<RetrievalOutcome> {
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
      const queryVector = () => {
        let vector = queryVectors.get(embedder.key);
        if (!vector) {
          vector = embedder.embedQuery(query, AbortSignal.timeout(QUERY_EMBEDDING_TIMEOUT_MS));
          queryVectors.set(embedder.key, vector);
        }
        return vector;
      };
      const metric: VectorMetric = source.similarity === 2 ? 'euclidean' : 'cosine';
      const matches = usesExternalStore(source) ? await searchStore(db, source, embedder.key, externalStoreOf(source, stores), queryVector, candidates) : await searchIndex(db, source, embedder.key, metric, queryVector, candidates);
      if (!matches) {
        reasons.push(`${source.name}: no passage is embedded yet (sync the data source)`);
        continue;
      }
      // A cosine of 0 or less shares nothing with the question: it is no match, however few chunks there are.
      vectorLists.push({ kind: 'vector', ids: matches.filter((match) => metric === 'euclidean' || match.score > 0).map((match) => match.id) });
    } catch (error) {
      reasons.push(`${source.name}: ${error instanceof Error ? error.message : 'the embedding provider or vector store failed'}`);
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

/** The embedded index's closest chunks; null when nothing of the source is embedded. */
async function searchIndex(db: Kysely<Database>, source: SearchSource, modelKey: string, metric: VectorMetric, queryVector: () => Promise<number[]>, k: number): Promise<VectorMatch[] | null> {
  const index = await vectorIndexOf(db, source, modelKey);
  if (!index) return null;
  return index.search(await queryVector(), k, metric);
}

/**
 * The external store's closest chunks, kept only when this source wrote them under its current key: a collection
 * shared with other sources (or a store answering what it should not) never brings another source's chunk.
 */
async function searchStore(db: Kysely<Database>, source: SearchSource, modelKey: string, store: VectorStore, queryVector: () => Promise<number[]>, k: number): Promise<VectorMatch[] | null> {
  const key = storeKeyOf(modelKey, store, source);
  const entries = new StoreEntriesRepository(db);
  if (!(await entries.countStored(source.id, key))) return null;
  const matches = await store.query(await queryVector(), k, AbortSignal.timeout(QUERY_EMBEDDING_TIMEOUT_MS));
  const known = await entries.known(source.id, key, matches.map((match) => match.chunkId));
  return matches.filter((match) => known.has(match.chunkId)).map((match) => ({ id: match.chunkId, score: match.score }));
}
