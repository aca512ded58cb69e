import { UPLOAD_JOB_STATUS_LABELS, UploadJobStatus } from '../../../domain';
import type { UploadJobStatusId } from '../../../domain';
import type { StatusTone } from '../../../src/ui/status/StatusChip';
import { StatusChip } from '../../../src/ui/status/StatusChip';

const TONES: Record<UploadJobStatusId, StatusTone> = {
  [UploadJobStatus.OPEN]: 'neutral',
  [UploadJobStatus.IN_PROGRESS]: 'progress',
  [UploadJobStatus.COMPLETED]: 'success',
  [UploadJobStatus.ERROR]: 'error',
};

/** §4 Upload job status of a file (Open, In progress, Completed, Error); the indexing error on hover. */
export function UploadStatusChip({ status, error }: { status: UploadJobStatusId; error: string | null }) {
  return <StatusChip label={UPLOAD_JOB_STATUS_LABELS[status]} tone={TONES[status]} tooltip={error ?? undefined} />;
}
