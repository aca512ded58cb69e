// BM25 retrieval over the inverted index, for the pipeline's corporate-data stage and the admin's search.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/schema';
import { DataSourcesRepository } from './data-sources.repository';
import type { RedTeamSource } from './data-sources.repository';
import { queryTerms } from './text-analysis';

export interface RetrievedChunk {
  dataSourceId: string;
  dataSourceName: string;
  documentId: string;
  documentName: string;
  chunkId: string;
  ordinal: number;
  text: string;
  score: number;
}

export interface RetrieveInput {
  organizationId: string;
  /** The caller's groups: a source restricted to groups is read only by their members. */
  groupIds: string[];
  query: string;
  limit?: number;
  /** A red-teaming attempt's prompt: its own source (0022) is read too. */
  redTeamSource?: RedTeamSource | undefined;
}

export interface SearchableSource {
  id: string;
  name: string;
  chunk_count: number;
  token_count: number;
}

const K1 = 1.2;
const B = 0.75;
export const DEFAULT_RETRIEVAL_LIMIT = 5;
export const MAX_RETRIEVAL_LIMIT = 50;
const PRUNE_COMMON_TERMS_FROM = 1000;

/** Chunks of the enabled sources the caller may read (a source without groups: the whole organization), best first. */
export async function retrieve(db: Kysely<Database>, input: RetrieveInput): Promise<RetrievedChunk[]> {
  const sources = await new DataSourcesRepository(db).readable(input.organizationId, input.groupIds, input.redTeamSource);
  return searchSources(db, sources, input.query, input.limit ?? DEFAULT_RETRIEVAL_LIMIT);
}

/** Chunks of the given sources (a copilot's, already narrowed to what the caller may read) that are enabled, best first. */
export async function retrieveFromSources(db: Kysely<Database>, input: { organizationId: string; dataSourceIds: string[]; query: string; limit?: number; redTeamSource?: RedTeamSource | undefined }): Promise<RetrievedChunk[]> {
  if (!input.dataSourceIds.length && !input.redTeamSource) return [];
  const { redTeamSource } = input;
  const sources = await db
    .selectFrom('data_sources')
    .select(['id', 'name', 'chunk_count', 'token_count'])
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
  return searchSources(db, sources, input.query, input.limit ?? DEFAULT_RETRIEVAL_LIMIT);
}

/** BM25 over the given sources: idf from their pooled statistics, computed in one grouped SQL query. */
export async function searchSources(db: Kysely<Database>, sources: SearchableSource[], query: string, limit: number): Promise<RetrievedChunk[]> {
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
    .limit(Math.min(Math.max(limit, 1), MAX_RETRIEVAL_LIMIT))
    .execute();
  if (!ranked.length) return [];

  const chunks = await db
    .selectFrom('chunks as c')
    .innerJoin('documents as d', 'd.id', 'c.document_id')
    .select(['c.id', 'c.data_source_id', 'c.document_id', 'c.ordinal', 'c.text', 'd.name as document_name'])
    .where('c.id', 'in', ranked.map((row) => row.chunk_id))
    .execute();
  const byId = new Map(chunks.map((chunk) => [chunk.id, chunk]));
  const names = new Map(searchable.map((source) => [source.id, source.name]));
  return ranked.flatMap((row) => {
    const chunk = byId.get(row.chunk_id);
    if (!chunk) return [];
    return [
      {
        dataSourceId: chunk.data_source_id,
        dataSourceName: names.get(chunk.data_source_id) ?? '',
        documentId: chunk.document_id,
        documentName: chunk.document_name,
        chunkId: chunk.id,
        ordinal: chunk.ordinal,
        text: chunk.text,
        score: Math.round(Number(row.score) * 10_000) / 10_000,
      },
    ];
  });
}
