// The eight time windows of §2.8 with the bucket intervals of §9. A window starts on a boundary of its buckets (the
// hour, the day, the week, the month) so that buckets line up with the clock; it ends now.
import { format, startOfDay, startOfHour, startOfMonth, startOfWeek, subDays, subHours } from 'date-fns';
import { DATE_RANGE_INTERVALS, METRICS_DATE_FORMAT } from '../../../../domain';
import type { DateRange } from '../../../../domain';

export interface MetricsWindow {
  range: DateRange;
  start: Date;
  end: Date;
  interval: string;
}

function windowStart(range: DateRange, now: Date): Date {
  switch (range) {
    case 'TODAY':
      return startOfDay(now);
    case 'LAST_24_HOURS':
      return subHours(startOfHour(now), 23);
    case 'THIS_WEEK':
      return startOfWeek(now, { weekStartsOn: 1 });
    case 'LAST_7_DAYS':
      return startOfDay(subDays(now, 6));
    case 'THIS_MONTH':
      return startOfMonth(now);
    case 'LAST_30_DAYS':
      return startOfDay(subDays(now, 29));
    case 'LAST_60_DAYS':
      return startOfDay(subDays(now, 59));
    case 'LAST_90_DAYS':
      return startOfDay(subDays(now, 89));
  }
}

export function metricsWindow(range: DateRange, now: Date = new Date()): MetricsWindow {
  return { range, start: windowStart(range, now), end: now, interval: DATE_RANGE_INTERVALS[range] };
}

/** "March 1, 2026" */
export const formatMetricsDate = (date: Date | string): string => format(typeof date === 'string' ? new Date(date) : date, METRICS_DATE_FORMAT);

/** "March 1, 2026 – March 7, 2026", or one date when the window is one day. */
export function formatWindow(window: Pick<MetricsWindow, 'start' | 'end'>): string {
  const first = formatMetricsDate(window.start);
  const last = formatMetricsDate(window.end);
  return first === last ? first : `${first} – ${last}`;
}

/** A bucket's label on a time axis: the hour within a day's windows, else the date. */
export function bucketLabel(start: string, interval: string): string {
  const date = new Date(start);
  return interval.startsWith('PT') ? format(date, 'MMM d, HH:mm') : format(date, 'MMM d');
}

export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** A bucket named in full for a dialog title: "March 3, 2026 06:00" (or the date alone for day buckets). */
export function bucketTitle(bucket: { start: string; interval: string }): string {
  const date = new Date(bucket.start);
  return bucket.interval.startsWith('PT') ? `${formatMetricsDate(date)} ${format(date, 'HH:mm')}` : formatMetricsDate(date);
}
