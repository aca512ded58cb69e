import { COPYRIGHT_JOB_STATUS_LABELS, CopyrightJobStatus } from '../../domain';

export const statusLabel = (status: number): string => COPYRIGHT_JOB_STATUS_LABELS[status] ?? String(status);

export const statusColor = (status: number): 'success' | 'error' | 'warning' | 'default' =>
  status === CopyrightJobStatus.Complete ? 'success' : status === CopyrightJobStatus.Error ? 'error' : status === CopyrightJobStatus.Deleted ? 'default' : 'warning';

export const formatCount = (value: number): string => value.toLocaleString('en-US');
