// Indirect injection through a data-source chunk: a data source of the job's own per attempt (uploaded files,
// `red_team_job_id` set) holds the attempt's poisoned document, indexed like any upload, so that the pipeline's retrieval
// (SEARCH_RAG, or a copilot's) finds it. Only the job's own prompts retrieve from it (data-sources.repository.ts,
// retrieval.ts), each attempt its own source; the data source screens never list it; it is deleted when the job ends, is cancelled or deleted.
import type { Kysely } from 'kysely';
import { ChunkSize, DataSourceApp, EmbeddingModel, LastSyncStatus, Similarity, VectorDatabase } from '../../domain/enums';
import { newId } from '../db/ids';
import type { Database } from '../db/schema';
import { DataSourcesRepository } from '../data-sources/data-sources.repository';
import { DocumentsRepository, newDocumentRow } from '../data-sources/documents.repository';
import { indexDocuments } from '../data-sources/indexer';
import type { RedTeamAttemptRow, RedTeamJobRow } from './red-team.repository';

export const CHUNK_CARRIER = 'chunk';

export const carrierDocumentName = (ordinal: number) => `red-team-attempt-${ordinal + 1}.txt`;

export const carrierSourceName = (job: Pick<RedTeamJobRow, 'name'>, ordinal: number) => `Red teaming: ${job.name}`.slice(0, 100) + ` #${ordinal + 1}`;

/**
 * One data source per attempt (so that an attempt retrieves its own poisoned document, not another attempt's), each
 * with the attempt's document indexed; created if missing (a restarted job finds those it made). Answers the source of
 * each attempt, by attempt id.
 */
export async function plantChunks(db: Kysely<Database>, job: Pick<RedTeamJobRow, 'id' | 'organization_id' | 'name'>, attempts: readonly RedTeamAttemptRow[]): Promise<Map<string, string>> {
  const planted = new Map<string, string>();
  const carried = attempts.filter((attempt) => attempt.carrier === CHUNK_CARRIER && attempt.document);
  if (!carried.length) return planted;
  const sources = new DataSourcesRepository(db);
  const existing = new Map((await db.selectFrom('data_sources').select(['id', 'name']).where('organization_id', '=', job.organization_id).where('red_team_job_id', '=', job.id).execute()).map((row) => [row.name, row.id]));
  for (const attempt of carried) {
    const name = carrierSourceName(job, Number(attempt.ordinal));
    const found = existing.get(name);
    if (found) {
      planted.set(attempt.id, found);
      continue;
    }
    const at = Date.now();
    const sourceId = newId();
    await sources.insert({
      id: sourceId,
      organization_id: job.organization_id,
      name,
      app_id: DataSourceApp.NONE,
      connection_json: '{}',
      secrets_enc: null,
      vector_database: VectorDatabase.QDRANT,
      embedding_model: EmbeddingModel.TEXT_EMBEDDING,
      chunk_size: ChunkSize.FOUR_KILOBYTES,
      similarity: Similarity.COSINE,
      sync_interval: null,
      sync_interval_unit: 'h',
      enabled: 1,
      last_sync_status: LastSyncStatus.COMPLETED,
      last_sync_at: at,
      last_sync_message: null,
      sync_job_id: null,
      chunk_count: 0,
      token_count: 0,
      created_at: at,
      updated_at: at,
      red_team_job_id: job.id,
    });
    const documentId = newId();
    const text = attempt.document!;
    await new DocumentsRepository(db).insert(
      newDocumentRow({ id: documentId, dataSourceId: sourceId, parentId: null, name: carrierDocumentName(Number(attempt.ordinal)), at }, { size: Buffer.byteLength(text), mimeType: 'text/plain', text, hash: null }),
    );
    const source = await sources.findById(sourceId);
    if (source) await indexDocuments(db, source, [documentId], async () => undefined);
    planted.set(attempt.id, sourceId);
  }
  return planted;
}

/** Deletes the job's data sources with their documents, chunks and index. */
export async function removeChunks(db: Kysely<Database>, jobId: string): Promise<void> {
  const rows = await db.selectFrom('data_sources').select('id').where('red_team_job_id', '=', jobId).execute();
  for (const { id } of rows) {
    await db.transaction().execute((trx) => new DataSourcesRepository(trx).delete(id));
  }
}
