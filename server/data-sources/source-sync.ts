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
import type { ProgressReport } from './indexer';
import { describeIndexing, indexDocuments } from './indexer';

/** Indexes newly uploaded files of one source. */
export const CDR_INDEX_JOB = 'cdr-index';
/** Syncs one source (POST /api/v1/cdr/:id/sync). */
export const CDR_SOURCE_SYNC_JOB = 'cdr-source-sync';

export interface SyncOptions {
  /** The guarded client that connectors reach their services through. */
  outbound: OutboundClient;
  probeTimeoutMs?: number;
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
  const outcome = await indexDocuments(db, source, stale, report);
  const message = describeIndexing(outcome, unchanged);
  if (outcome.failed.length) throw new Error(message);
  return message;
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

export const indexJobHandler: JobHandler = async ({ db, payload, progress }) => {
  const { dataSourceId, documentIds = [] } = payload as { dataSourceId: string; documentIds?: string[] };
  const source = await new DataSourcesRepository(db).findById(dataSourceId);
  if (!source) return 'The data source was deleted before its files could be indexed.';
  const outcome = await indexDocuments(db, source, documentIds, progress);
  const message = describeIndexing(outcome, null);
  if (outcome.failed.length) throw new Error(message);
  return message;
};

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

/** The per-source jobs; the organization-wide one is registered with `syncOrganizationSources`. */
export function registerDataSourceJobs(jobs: JobRunner, options: SyncOptions): void {
  jobs.register(CDR_INDEX_JOB, indexJobHandler, finishIndexJob);
  jobs.register(CDR_SOURCE_SYNC_JOB, sourceSyncHandler(options), finishSourceSync);
}
