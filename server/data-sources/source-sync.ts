import type { Kysely } from 'kysely';
import { LastSyncStatus, UploadJobStatus } from '../../domain/enums';
import type { Database } from '../db/schema';
import type { OutboundClient } from '../outbound';
import type { JobFinisher, JobHandler, JobRunner } from '../jobs/job-runner';
import type { SourceSyncer } from '../tenancy/organization-sync.job';
import { DEFAULT_PROBE_TIMEOUT_MS, isEmbedded, syncConnector } from './connectors';
import type { DataSourceRow } from './data-sources.repository';
import { DataSourcesRepository } from './data-sources.repository';
import { DocumentsRepository } from './documents.repository';
import { describeEmbedding, embedSourceChunks } from './embeddings/embed-chunks';
import type { EmbedderFactory } from './embeddings/source-embedder';
import type { ProgressReport } from './indexer';
import type { VectorStoreFactory } from './vector-stores/stores';
import { describeIndexing, indexDocuments } from './indexer';

/** Indexes newly uploaded files of one source. */
export const CDR_INDEX_JOB = 'cdr-index';
/** Syncs one source (POST /api/v1/cdr/:id/sync). */
export const CDR_SOURCE_SYNC_JOB = 'cdr-source-sync';

export interface SyncOptions {
  /** The guarded client that connectors reach their services through. */
  outbound: OutboundClient;
  /** Makes a source's embedder (its chosen language model), for sources with embeddings on. */
  embedders: EmbedderFactory;
  /** The external vector store of a source that uses one (Qdrant, Pinecone, Chroma, Milvus). */
  stores: VectorStoreFactory;
  probeTimeoutMs?: number;
}

/**
 * Indexes the files, then (embeddings on) embeds the passages without a vector of the source's model: indexing
 * reports 0–50 %, embedding 50–100 %. Throws with both outcomes when either failed; the files stay searchable by BM25.
 */
async function indexAndEmbed(db: Kysely<Database>, source: DataSourceRow, documentIds: string[], unchanged: number | null, report: ProgressReport, options: SyncOptions): Promise<string> {
  const embeds = source.embeddings_enabled === 1;
  const indexReport: ProgressReport = embeds ? (percent, message) => report(percent / 2, message) : report;
  const outcome = await indexDocuments(db, source, documentIds, indexReport);
  let message = describeIndexing(outcome, unchanged);
  let embeddingFailed = false;
  if (embeds) {
    const embedding = await embedSourceChunks(db, source, options.embedders, (percent, text) => report(50 + percent / 2, text), undefined, options.stores);
    message = `${message} ${describeEmbedding(embedding)}`;
    embeddingFailed = embedding.error !== null;
  }
  if (outcome.failed.length || embeddingFailed) throw new Error(message);
  return message;
}

/**
 * One source's sync: the built-in store re-indexes the files that changed (or whose chunk size changed);
 * a connector checks its service. Throws with the reason when the sync failed.
 */
export async function syncSource(db: Kysely<Database>, source: DataSourceRow, report: ProgressReport, options: SyncOptions): Promise<string> {
  if (!isEmbedded(source.app_id)) {
    await report(0, `Contacting ${source.name}`);
    return syncConnector(source, options.outbound, options.probeTimeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS);
  }
  const documents = new DocumentsRepository(db);
  const stale = await documents.needingIndex(source.id, source.chunk_size);
  const unchanged = (await documents.countFiles(source.id)) - stale.length;
  return indexAndEmbed(db, source, stale, unchanged, report, options);
}

async function recordSyncOutcome(db: Kysely<Database>, sourceId: string, ok: boolean, message: string | null): Promise<void> {
  await new DataSourcesRepository(db).update(sourceId, {
    last_sync_status: ok ? LastSyncStatus.COMPLETED : LastSyncStatus.ERROR,
    last_sync_at: Date.now(),
    last_sync_message: message,
  });
}

const payloadOf = (json: string) => JSON.parse(json) as { dataSourceId: string; documentIds?: string[] };

export function sourceSyncHandler(options: SyncOptions): JobHandler {
  return async ({ db, payload, progress }) => {
    const { dataSourceId } = payload as { dataSourceId: string };
    const source = await new DataSourcesRepository(db).findById(dataSourceId);
    if (!source) return 'The data source was deleted before it could sync.';
    return syncSource(db, source, progress, options);
  };
}

export const finishSourceSync: JobFinisher = async (db, job, outcome) => {
  const { dataSourceId } = payloadOf(job.payload_json);
  await recordSyncOutcome(db, dataSourceId, outcome.ok, outcome.message);
  await db.updateTable('data_sources').set({ sync_job_id: null }).where('id', '=', dataSourceId).where('sync_job_id', '=', job.id).execute();
};

export function indexJobHandler(options: SyncOptions): JobHandler {
  return async ({ db, payload, progress }) => {
    const { dataSourceId, documentIds = [] } = payload as { dataSourceId: string; documentIds?: string[] };
    const source = await new DataSourcesRepository(db).findById(dataSourceId);
    if (!source) return 'The data source was deleted before its files could be indexed.';
    return indexAndEmbed(db, source, documentIds, null, progress, options);
  };
}

/** A job that never finished (its server kept dying) leaves no file stuck "in progress". */
export const finishIndexJob: JobFinisher = async (db, job, outcome) => {
  if (outcome.ok) return;
  const { documentIds = [] } = payloadOf(job.payload_json);
  if (!documentIds.length) return;
  await db
    .updateTable('documents')
    .set({ upload_status: UploadJobStatus.ERROR, error: outcome.message ?? 'Indexing failed', updated_at: Date.now() })
    .where('id', 'in', documentIds)
    .where('upload_status', 'in', [UploadJobStatus.OPEN, UploadJobStatus.IN_PROGRESS])
    .execute();
};

/**
 * The organization-wide sync (POST /api/v1/organizations/:id/cdr/sync): every enabled source in turn, each
 * with its own last-sync status; the organization's sync fails, naming them, when any source failed.
 */
export function syncOrganizationSources(db: Kysely<Database>, options: SyncOptions): SourceSyncer {
  return async (organizationId, report) => {
    const repository = new DataSourcesRepository(db);
    const sources = await repository.listEnabled(organizationId);
    if (!sources.length) {
      return (await repository.countInOrganization(organizationId)) ? 'No enabled corporate data sources to sync.' : 'No corporate data sources are configured.';
    }
    const failures: string[] = [];
    for (const [position, source] of sources.entries()) {
      const share = 100 / sources.length;
      const sourceReport: ProgressReport = (percent, message) => report(position * share + (percent / 100) * share, `${source.name}: ${message}`);
      await sourceReport(0, 'Starting');
      await repository.update(source.id, { last_sync_status: LastSyncStatus.IN_PROGRESS, last_sync_message: null });
      try {
        const message = await syncSource(db, source, sourceReport, options);
        await recordSyncOutcome(db, source.id, true, message);
      } catch (error) {
        const message = error instanceof Error ? error.message : 'The sync failed';
        await recordSyncOutcome(db, source.id, false, message);
        failures.push(`${source.name}: ${message}`);
      }
    }
    const synced = sources.length - failures.length;
    if (failures.length) throw new Error(`Synced ${synced} of ${sources.length} data sources. Failed: ${failures.join(' | ')}`);
    return `Synced ${sources.length} data source${sources.length === 1 ? '' : 's'}.`;
  };
}

/**
 * The jobs that write data-source indexes run one at a time on a server: two of them on one source would embed the
 * same passages twice and race on their vectors (each finds the other's passages not yet embedded).
 */
export const DATA_SOURCE_LANE = { name: 'data-source-index', limit: 1 };

/** The per-source jobs; the organization-wide one is registered with `syncOrganizationSources`. */
export function registerDataSourceJobs(jobs: JobRunner, options: SyncOptions): void {
  jobs.register(CDR_INDEX_JOB, indexJobHandler(options), finishIndexJob, DATA_SOURCE_LANE);
  jobs.register(CDR_SOURCE_SYNC_JOB, sourceSyncHandler(options), finishSourceSync, DATA_SOURCE_LANE);
}
