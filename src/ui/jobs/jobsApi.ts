import { getJson } from '../../../dataProvider/api';
import { JobSchema } from '../../../domain';
import type { Job } from '../../../domain';

export const JOB_POLL_INTERVAL_MS = 1000;

/** GET /api/v1/jobs/{id}: the progress of a background job. */
export function fetchJob(jobId: string): Promise<Job> {
  return getJson(`/jobs/${encodeURIComponent(jobId)}`, JobSchema);
}
