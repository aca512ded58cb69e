// Starting a sync is not react-admin CRUD; its job is followed with src/ui/jobs.
import { postJson } from '../../dataProvider/api';
import { SyncStartedSchema } from '../../domain';

/** POST /api/v1/organizations/{id}/cdr/sync (empty body): answers at once with the job to follow. */
export function startOrganizationSync(organizationId: string) {
  return postJson(`/organizations/${encodeURIComponent(organizationId)}/cdr/sync`, {}, SyncStartedSchema);
}
