import { useEffect, useRef, useState } from 'react';
import { isJobFinished } from '../../../domain';
import type { Job } from '../../../domain';
import { fetchJob, JOB_POLL_INTERVAL_MS } from './jobsApi';

export interface JobProgressHandlers {
  onFinished: (job: Job) => void;
  onFailedToFollow: (error: unknown) => void;
}

/** Follows a job: GET /api/v1/jobs/:id at once, then about every second until it is completed or failed. */
export function useJobProgress(jobId: string | undefined, handlers: JobProgressHandlers): Job | undefined {
  const [job, setJob] = useState<Job>();
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    if (!jobId) return undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const next = await fetchJob(jobId);
        if (stopped) return;
        setJob(next);
        if (isJobFinished(next)) {
          handlersRef.current.onFinished(next);
          return;
        }
      } catch (error) {
        if (!stopped) handlersRef.current.onFailedToFollow(error);
        return;
      }
      timer = setTimeout(() => void poll(), JOB_POLL_INTERVAL_MS);
    };
    setJob(undefined);
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [jobId]);

  return job;
}
