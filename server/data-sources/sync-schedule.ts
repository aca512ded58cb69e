import type { Kysely } from 'kysely';
import { LastSyncStatus } from '../../domain/enums';
import { SYNC_INTERVAL_UNIT_SECONDS } from '../../domain/schemas/data-sources';
import type { SyncIntervalUnit } from '../../domain/schemas/data-sources';
import { isPostgres } from '../db/connection';
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
  const job = await jobs.enqueue(CDR_SOURCE_SYNC_JOB, { dataSourceId: source.id }, { customerId: source.customer_id, organizationId: source.organization_id }, db);
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
  for (const source of sources) if (await enqueueIfDue(db, jobs, source, at)) started++;
  return started;
}

export interface ScheduledSource extends SyncTarget {
  sync_interval: number | null;
  sync_interval_unit: string;
  last_sync_at: number | null;
}

/**
 * Queues a sync of a source read a moment ago if it is due. Read again where the sync is queued: a sync that ended
 * since (a person's "Sync now") has made the source not due, and must not be followed at once by another.
 */
export async function enqueueIfDue(db: Kysely<Database>, jobs: JobRunner, source: ScheduledSource, at = Date.now()): Promise<boolean> {
  const seconds = SYNC_INTERVAL_UNIT_SECONDS[source.sync_interval_unit as SyncIntervalUnit];
  if (!seconds || !source.sync_interval) return false;
  const interval = source.sync_interval * seconds * 1000;
  const due = (lastSyncAt: number | null) => lastSyncAt === null || lastSyncAt + interval <= at;
  if (!due(source.last_sync_at)) return false;
  const jobId = await db.transaction().execute((trx) => queueSyncUnlessUnderWay(trx, jobs, source, due));
  if (jobId) jobs.announce();
  return jobId !== null;
}

/**
 * In the caller's transaction: queues a sync of the source unless one is under way (or `due` says its last sync is too
 * recent), reading its state with the row locked on PostgreSQL (SQLite's transaction holds the write lock from its
 * start), so that two requests at once (two clicks, a click and the schedule) queue one. Answers the job's id, or null.
 * The caller announces the job once the transaction has committed.
 */
export async function queueSyncUnlessUnderWay(trx: Kysely<Database>, jobs: JobRunner, source: SyncTarget, due: (lastSyncAt: number | null) => boolean = () => true): Promise<string | null> {
  const query = trx.selectFrom('data_sources').select(['last_sync_at', 'sync_job_id']).where('id', '=', source.id);
  const fresh = await (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
  if (!fresh || !due(fresh.last_sync_at) || (await syncUnderWay(trx, fresh.sync_job_id))) return null;
  return enqueueSourceSync(trx, jobs, source);
}

const CHECK_EVERY_MS = 60_000;

/** Checks for due syncs once a minute; answers a function that stops it. */
export function scheduleSourceSyncs(db: Kysely<Database>, jobs: JobRunner, onError: (error: unknown) => void): () => void {
  const timer = setInterval(() => void enqueueDueSyncs(db, jobs).catch(onError), CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
