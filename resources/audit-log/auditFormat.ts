import { format } from 'date-fns';

/** "Mar 4, 2025, 14:05:09": audit times to the second. */
export function formatAuditTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, 'MMM d, yyyy, HH:mm:ss');
}

export const actorLabel = (email: string | null): string => email ?? 'System';
