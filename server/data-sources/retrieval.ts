// BM25 over the inverted index, and the shapes retrieval answers with; search.ts fuses it with vector search.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/schema';
import type { DataSourceRow, RedTeamSource } from './data-sources.repository';
import type { EmbedderFactory } from './embeddings/source-embedder';
import { queryTerms } from './text-analysis';
import type { VectorStoreFactory } from './vector-stores/stores';

export interface RetrievedChunk {
  dataSourceId: string;
  dataSourceName: string;
  documentId: string;
  documentName: string;
  chunkId: string;
  ordinal: number;
  text: string;
  score: number;
  /** Which ranking found it: BM25, vector search, or both (BM25-only retrieval: always bm25). */
  source: HitSource;
}

export type HitSource = 'bm25' | 'vector' | 'both';

export interface RetrievalOutcome {
  mode: 'bm25' | 'hybrid';
  /** Why sources with embeddings on were searched with BM25 alone. */
  fallbackReason: string | null;
  chunks: RetrievedChunk[];
}

export interface RetrieveInput {
  organizationId: string;
  /** The caller's groups: a source restricted to groups is read only by their members. */
  groupIds: string[];
  query: string;
  limit?: number;
  /** Embeds the query for sources with embeddings on; without it, BM25 alone. */
  embedders?: EmbedderFactory;
  /** The external vector store of sources that use one. */
  stores?: VectorStoreFactory;
  /** A red-teaming attempt's prompt: its own source (0022) is read too. */
  redTeamSource?: RedTeamSource | undefined;
}

export interface SearchableSource {
  id: string;
  name: string;
  chunk_count: number;
  token_count: number;
}

/** A source as search reads it: its BM25 statistics and its embedding and similarity settings. */
export type SearchSource = DataSourceRow;

const K1 = 1.2;
const B = 0.75;
export const DEFAULT_RETRIEVAL_LIMIT = 5;
/** Recall at 100 is a standard figure: a search may return that many. */
export const MAX_RETRIEVAL_LIMIT = 100;
/** BM25's own cap: hybrid ranking reads deeper candidate lists than it returns. */
const MAX_BM25_CANDIDATES = 200;
const PRUNE_COMMON_TERMS_FROM = 1000;

export const clampLimit = (limit: number): number => Math.min(Math.max(Math.floor(limit), 1), MAX_RETRIEVAL_LIMIT);

/** BM25 over the given sources: idf from their pooled statistics, computed in one grouped SQL query. */
export async function bm25Search(db: Kysely<Database>, sources: SearchableSource[], query: string, limit: number): Promise<RetrievedChunk[]> {
  const terms = queryTerms(query);
  const searchable = sources.filter((source) => Number(source.chunk_count) > 0);
  if (!terms.length || !searchable.length) return [];
  const sourceIds = searchable.map((source) => source.id);
  const chunkTotal = searchable.reduce((sum, source) => sum + Number(source.chunk_count), 0);
  const tokenTotal = searchable.reduce((sum, source) => sum + Number(source.token_count), 0);
  const averageLength = Math.max(tokenTotal / chunkTotal, 1);

  const found = await db
    .selectFrom('chunk_terms')
    .select(['term', (eb) => eb.fn.countAll<number>().as('df')])
    .where('term', 'in', terms)
    .where('data_source_id', 'in', sourceIds)
    .groupBy('term')
    .execute();
  if (!found.length) return [];
  // In a large index, terms in more than half the chunks add little to a score (idf < ln 2) but most of the
  // rows to read; they are left out whenever a more selective term is in the query.
  const selective = chunkTotal >= PRUNE_COMMON_TERMS_FROM ? found.filter((row) => Number(row.df) <= chunkTotal / 2) : found;
  const frequencies = selective.length ? selective : found;

  // Numbers are inlined as decimal literals (never user text) so both databases do float arithmetic on them.
  const decimal = (value: number) => sql.raw(value.toFixed(6));
  const idf = sql.join(
    frequencies.map(({ term, df }) => sql`when ${term} then ${decimal(Math.log(1 + (chunkTotal - Number(df) + 0.5) / (Number(df) + 0.5)))}`),
    sql` `,
  );
  const score = sql<number>`sum((case term ${idf} else 0.0 end) * tf * ${decimal(K1 + 1)} / (tf + ${decimal(K1)} * (${decimal(1 - B)} + ${decimal(B)} * chunk_tokens / ${decimal(averageLength)})))`;

  const ranked = await db
    .selectFrom('chunk_terms')
    .select(['chunk_id', score.as('score')])
    .where('term', 'in', frequencies.map((row) => row.term))
    .where('data_source_id', 'in', sourceIds)
    .groupBy('chunk_id')
    .orderBy('score', 'desc')
    .orderBy('chunk_id')
    .limit(Math.min(Math.max(limit, 1), MAX_BM25_CANDIDATES))
    .execute();
  if (!ranked.length) return [];
  const chunks = await chunkDetails(db, searchable, ranked.map((row) => row.chunk_id));
  return ranked.flatMap((row) => {
    const chunk = chunks.get(row.chunk_id);
    return chunk ? [{ ...chunk, score: Math.round(Number(row.score) * 10_000) / 10_000, source: 'bm25' as const }] : [];
  });
}

/** The chunks' text, document and source, by id. */
export async function chunkDetails(db: Kysely<Database>, sources: SearchableSource[], chunkIds: string[]): Promise<Map<string, Omit<RetrievedChunk, 'score' | 'source'>>> {
  if (!chunkIds.length) return new Map();
  const chunks = await db
    .selectFrom('chunks as c')
    .innerJoin('documents as d', 'd.id', 'c.document_id')
    .select(['c.id', 'c.data_source_id', 'c.document_id', 'c.ordinal', 'c.text', 'd.name as document_name'])
    .where('c.id', 'in', chunkIds)
    // Only chunks of the sources searched, whatever a ranking answered.
    .where('c.data_source_id', 'in', sources.map((source) => source.id))
    .execute();
  const names = new Map(sources.map((source) => [source.id, source.name]));
  return new Map(
    chunks.map((chunk) => [
      chunk.id,
      {
        dataSourceId: chunk.data_source_id,
        dataSourceName: names.get(chunk.data_source_id) ?? '',
        documentId: chunk.document_id,
        documentName: chunk.document_name,
        chunkId: chunk.id,
        ordinal: chunk.ordinal,
        text: chunk.text,
      },
    ]),
  );
}
