import { z } from 'zod';

export const JOB_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;

/** A background job (sync, research, red teaming) as GET /api/v1/jobs/:id reports it; Progress is 0–100. */
export const JobSchema = z.object({
  id: z.string(),
  Type: z.string(),
  Status: z.enum(JOB_STATUSES),
  Progress: z.number().int(),
  Message: z.string().nullable(),
  Attempts: z.number().int(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
  FinishedAt: z.string().nullable(),
});
export type Job = z.infer<typeof JobSchema>;

export const isJobFinished = (job: Pick<Job, 'Status'>): boolean => job.Status === 'completed' || job.Status === 'failed';
