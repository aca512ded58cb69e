// Time buckets of a window in an IANA time zone. Boundaries follow the zone's wall clock: sub-day intervals from
// local midnight (PT6H → 00:00, 06:00, 12:00, 18:00 local), days at local midnight, P2D/P3D on a fixed grid of local
// days counted from 1970-01-01, weeks from Monday. The first and last buckets are clipped to the window.
import { METRIC_INTERVALS } from '../../domain/schemas/metrics';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
export const MAX_BUCKETS = 2_000;

export type Interval = { kind: 'fixed'; ms: number } | { kind: 'days'; days: number };

export class BucketError extends Error {}

export function parseInterval(iso: string): Interval {
  if (!(METRIC_INTERVALS as readonly string[]).includes(iso)) throw new BucketError(`interval must be one of ${METRIC_INTERVALS.join(', ')}`);
  const match = /^PT(\d+)([SMH])$/.exec(iso);
  if (match) return { kind: 'fixed', ms: Number(match[1]) * { S: 1000, M: 60_000, H: HOUR_MS }[match[2] as 'S' | 'M' | 'H'] };
  if (iso === 'P1W') return { kind: 'days', days: 7 };
  return { kind: 'days', days: Number(/^P(\d)D$/.exec(iso)![1]) };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

export function validTimeZone(zone: string): boolean {
  try {
    formatterOf(zone);
    return true;
  } catch {
    return false;
  }
}

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** Milliseconds the zone's wall clock is ahead of UTC at `at`. */
export function offsetAt(zone: string, at: number): number {
  if (zone === 'UTC') return 0;
  const parts = Object.fromEntries(formatterOf(zone).formatToParts(new Date(at)).map((part) => [part.type, part.value]));
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return wall - Math.floor(at / 1000) * 1000;
}

/** The instant the wall clock shows `wall` (as if it were UTC ms) in the zone. */
function instantOfWall(zone: string, wall: number): number {
  let guess = wall - offsetAt(zone, wall);
  guess = wall - offsetAt(zone, guess);
  return guess;
}

const localDayNumber = (zone: string, at: number): number => Math.floor((at + offsetAt(zone, at)) / DAY_MS);
const startOfLocalDay = (zone: string, day: number): number => instantOfWall(zone, day * DAY_MS);

/** 1970-01-01 was a Thursday: day numbers shifted by 3 make weeks start on Monday. */
const WEEK_PHASE = 3;

/** The first boundary strictly after `at`. */
export function nextBoundary(zone: string, interval: Interval, at: number): number {
  const day = localDayNumber(zone, at);
  if (interval.kind === 'fixed') {
    const midnight = startOfLocalDay(zone, day);
    const nextMidnight = startOfLocalDay(zone, day + 1);
    const boundary = midnight + (Math.floor((at - midnight) / interval.ms) + 1) * interval.ms;
    return Math.min(boundary, nextMidnight);
  }
  const phase = interval.days === 7 ? WEEK_PHASE : 0;
  const nextDay = (Math.floor((day + phase) / interval.days) + 1) * interval.days - phase;
  return startOfLocalDay(zone, nextDay);
}

export interface Bucket {
  start: number;
  end: number;
}

export function bucketsOf(zone: string, interval: Interval, from: number, to: number): Bucket[] {
  const buckets: Bucket[] = [];
  let start = from;
  while (start < to) {
    const end = Math.min(to, nextBoundary(zone, interval, start));
    buckets.push({ start, end });
    if (buckets.length > MAX_BUCKETS) throw new BucketError(`the window holds more than ${MAX_BUCKETS} buckets; choose a larger interval`);
    start = end;
  }
  return buckets;
}

/** Where a range's rows come from: whole UTC days and hours from the rollups, the edges from the raw rows. */
export interface Segments {
  days: number[];
  hours: number[];
  raw: Bucket[];
}

const ceilTo = (value: number, unit: number) => Math.ceil(value / unit) * unit;
const floorTo = (value: number, unit: number) => Math.floor(value / unit) * unit;

export function segmentsOf(range: Bucket, into: Segments = { days: [], hours: [], raw: [] }): Segments {
  const hourStart = ceilTo(range.start, HOUR_MS);
  const hourEnd = floorTo(range.end, HOUR_MS);
  if (hourStart >= hourEnd) {
    if (range.start < range.end) into.raw.push({ ...range });
    return into;
  }
  if (range.start < hourStart) into.raw.push({ start: range.start, end: hourStart });
  if (hourEnd < range.end) into.raw.push({ start: hourEnd, end: range.end });
  const dayStart = ceilTo(hourStart, DAY_MS);
  const dayEnd = floorTo(hourEnd, DAY_MS);
  const pushHours = (from: number, to: number) => {
    for (let hour = from; hour < to; hour += HOUR_MS) into.hours.push(hour);
  };
  if (dayStart < dayEnd) {
    pushHours(hourStart, dayStart);
    for (let day = dayStart; day < dayEnd; day += DAY_MS) into.days.push(day);
    pushHours(dayEnd, hourEnd);
  } else {
    pushHours(hourStart, hourEnd);
  }
  return into;
}

/** Consecutive unit starts as [from, to) ranges, so a query names a few ranges rather than every hour. */
export function runsOf(starts: number[], unit: number): Bucket[] {
  const sorted = [...starts].sort((a, b) => a - b);
  const runs: Bucket[] = [];
  for (const start of sorted) {
    const last = runs[runs.length - 1];
    if (last && last.end === start) last.end = start + unit;
    else if (!last || last.end < start) runs.push({ start, end: start + unit });
  }
  return runs;
}

export function mergeRanges(ranges: Bucket[]): Bucket[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  const merged: Bucket[] = [];
  for (const range of sorted) {
    const last = merged[merged.length - 1];
    if (last && last.end >= range.start) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}
