import { format } from 'date-fns';
import { COPILOT_STEP_COUNT } from '../../../domain';

export function formatDateTime(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, 'MMM d, yyyy, HH:mm');
}

/** "3 of 7" */
export const stepProgress = (completed: number) => `${completed} of ${COPILOT_STEP_COUNT}`;
