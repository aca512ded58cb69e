import { useRecordContext } from 'react-admin';
import type { Organization } from '../../domain';
import { JobSyncButton } from '../../src/ui/jobs/JobSyncButton';
import { startOrganizationSync } from './syncApi';

/** Row button: syncs the organization's corporate data sources. */
export function SyncButton() {
  const organization = useRecordContext<Organization>();
  if (!organization) return null;
  return <JobSyncButton name={organization.Name} start={() => startOrganizationSync(String(organization.id))} />;
}
