import { LastSyncStatus } from '../../domain/enums';
import type { JobFinisher, JobHandler } from '../jobs/job-runner';

/**
 * Syncs every corporate data source of an organization. The data-source connectors plug in through
 * `syncSources`; until any exist an organization has nothing to sync and the job completes at once.
 */
export type SourceSyncer = (organizationId: string, report: (percent: number, message: string) => Promise<void>) => Promise<string>;

export const noSourcesToSync: SourceSyncer = async () => 'No corporate data sources are configured.';

export function organizationSyncHandler(syncSources: SourceSyncer): JobHandler {
  return async ({ payload, progress }) => {
    const { organizationId } = payload as { organizationId: string };
    await progress(0, 'Starting');
    return syncSources(organizationId, progress);
  };
}

export const finishOrganizationSync: JobFinisher = async (db, job, outcome) => {
  if (!job.organization_id) return;
  await db
    .updateTable('organizations')
    .set({
      last_sync_status: outcome.ok ? LastSyncStatus.COMPLETED : LastSyncStatus.ERROR,
      last_sync_at: Date.now(),
      last_sync_message: outcome.message,
    })
    .where('id', '=', job.organization_id)
    .execute();
};
