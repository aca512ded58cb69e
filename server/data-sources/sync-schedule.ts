import type { Kysely } from 'kysely';
import { LastSyncStatus } from '../../domain/enums';
import { SYNC_INTERVAL_UNIT_SECONDS } from '../../domain/schemas/data-sources';
import type { SyncIntervalUnit } from '../../domain/schemas/data-sources';
import type { Database } from '../db/schema';
import type { JobRunner } from '../jobs/job-runner';
import { JobsRepository } from '../jobs/jobs.repository';
import { CDR_SOURCE_SYNC_JOB } from './source-sync';

export interface SyncTarget {
  id: string;
  organization_id: string;
  customer_id: string;
}

/** Queues a sync of one source and marks it in progress; answers the job id. */
export async function enqueueSourceSync(db: Kysely<Database>, jobs: JobRunner, source: SyncTarget): Promise<string> {
  const job = await jobs.enqueue(CDR_SOURCE_SYNC_JOB, { dataSourceId: source.id }, { customerId: source.customer_id, organizationId: source.organization_id });
  await db
    .updateTable('data_sources')
    .set({ sync_job_id: job.id, last_sync_status: LastSyncStatus.IN_PROGRESS, last_sync_message: null })
    .where('id', '=', source.id)
    .execute();
  return job.id;
}

/** Whether the source's last sync job is still queued or running. */
export async function syncUnderWay(db: Kysely<Database>, syncJobId: string | null): Promise<boolean> {
  if (!syncJobId) return false;
  const job = await new JobsRepository(db).findById(syncJobId);
  return job !== undefined && (job.status === 'queued' || job.status === 'running');
}

/**
 * Starts the syncs that are due: enabled sources with a sync interval whose last sync is older than that
 * interval (or that never synced) and that have no sync under way. Two servers racing here may queue the
 * same sync twice; a sync is idempotent (it re-indexes what changed), so that costs time, not correctness.
 */
export async function enqueueDueSyncs(db: Kysely<Database>, jobs: JobRunner, at = Date.now()): Promise<number> {
  const sources = await db
    .selectFrom('data_sources as s')
    .innerJoin('organizations as o', 'o.id', 's.organization_id')
    .select(['s.id', 's.organization_id', 'o.customer_id', 's.sync_interval', 's.sync_interval_unit', 's.last_sync_at', 's.sync_job_id'])
    .where('s.enabled', '=', 1)
    .where('s.sync_interval', 'is not', null)
    .execute();
  let started = 0;
  for (const source of sources) {
    const seconds = SYNC_INTERVAL_UNIT_SECONDS[source.sync_interval_unit as SyncIntervalUnit];
    if (!seconds || !source.sync_interval) continue;
    const due = source.last_sync_at === null || source.last_sync_at + source.sync_interval * seconds * 1000 <= at;
    if (!due || (await syncUnderWay(db, source.sync_job_id))) continue;
    await enqueueSourceSync(db, jobs, source);
    started++;
  }
  return started;
}

const CHECK_EVERY_MS = 60_000;

/** Checks for due syncs once a minute; answers a function that stops it. */
export function scheduleSourceSyncs(db: Kysely<Database>, jobs: JobRunner, onError: (error: unknown) => void): () => void {
  const timer = setInterval(() => void enqueueDueSyncs(db, jobs).catch(onError), CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
