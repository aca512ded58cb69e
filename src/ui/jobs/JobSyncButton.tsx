import SyncIcon from '@mui/icons-material/Sync';
import { Button, CircularProgress } from '@mui/material';
import type { MouseEvent } from 'react';
import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import type { Job } from '../../../domain';
import { errorMessage } from '../../forms/serverErrors';
import { useJobProgress } from './useJobProgress';

export interface JobSyncButtonProps {
  /** What is synced, for the button's label and the toasts. */
  name: string;
  /** Starts the sync; answers the job to follow. */
  start: () => Promise<{ JobId: string }>;
  variant?: 'text' | 'outlined';
}

/**
 * Starts a sync, follows its job (GET /api/v1/jobs/:id) with a progress ring, then refreshes the page's
 * records and says how it ended. A sync already running answers 409, shown as a toast.
 */
export function JobSyncButton({ name, start, variant = 'text' }: JobSyncButtonProps) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [jobId, setJobId] = useState<string>();
  const [starting, setStarting] = useState(false);

  const finish = (job: Job) => {
    setJobId(undefined);
    refresh();
    const detail = job.Message ? `: ${job.Message}` : '';
    if (job.Status === 'completed') notify(`Sync of ${name} completed${detail}`, { type: 'success' });
    else notify(`Sync of ${name} failed${detail}`, { type: 'error' });
  };
  const job = useJobProgress(jobId, {
    onFinished: finish,
    onFailedToFollow: (error) => {
      setJobId(undefined);
      refresh();
      notify(errorMessage(error), { type: 'error' });
    },
  });

  const begin = async (event: MouseEvent) => {
    event.stopPropagation();
    setStarting(true);
    try {
      const started = await start();
      notify(`Sync of ${name} started`, { type: 'info' });
      setJobId(started.JobId);
      refresh();
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setStarting(false);
    }
  };

  const running = jobId !== undefined;
  const progress = job?.Progress ?? 0;
  return (
    <Button
      size="small"
      variant={variant}
      onClick={(event) => void begin(event)}
      disabled={starting || running}
      aria-label={running ? `Syncing ${name}: ${progress}%` : `Sync ${name}`}
      startIcon={running ? <CircularProgress size={16} variant={progress > 0 ? 'determinate' : 'indeterminate'} value={progress} /> : <SyncIcon />}
    >
      {running ? `Syncing ${progress}%` : 'Sync'}
    </Button>
  );
}
