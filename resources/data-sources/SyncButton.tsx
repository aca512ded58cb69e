import { useRecordContext } from 'react-admin';
import type { DataSource } from '../../domain';
import { JobSyncButton } from '../../src/ui/jobs/JobSyncButton';
import { startSourceSync } from './dataSourceApi';

/** Syncs one data source. */
export function SyncButton({ variant = 'text' }: { variant?: 'text' | 'outlined' }) {
  const source = useRecordContext<DataSource>();
  if (!source) return null;
  return <JobSyncButton name={source.Name} variant={variant} start={() => startSourceSync(String(source.id))} />;
}
