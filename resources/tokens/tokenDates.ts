import { format } from 'date-fns';

/** "March 4, 2026" (the console's date format), or the fallback for a missing date. */
export function formatDay(iso: string | null, fallback = '—'): string {
  return iso ? format(new Date(iso), 'MMMM d, yyyy') : fallback;
}

/** "March 4, 2026, 14:05" for times where the hour matters (last use). */
export function formatDayTime(iso: string | null, fallback = '—'): string {
  return iso ? format(new Date(iso), 'MMMM d, yyyy, HH:mm') : fallback;
}
