import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, bucketsOf, offsetAt, parseInterval, segmentsOf } from './buckets';

const iso = (ms: number) => new Date(ms).toISOString();
const at = Date.parse;

describe('time buckets', () => {
  it('knows every §3.2 interval and nothing else', () => {
    expect(parseInterval('PT30S')).toEqual({ kind: 'fixed', ms: 30_000 });
    expect(parseInterval('PT6H')).toEqual({ kind: 'fixed', ms: 6 * HOUR_MS });
    expect(parseInterval('P3D')).toEqual({ kind: 'days', days: 3 });
    expect(parseInterval('P1W')).toEqual({ kind: 'days', days: 7 });
    expect(() => parseInterval('PT7H')).toThrow(/interval must be one of/);
    expect(() => parseInterval('P1M')).toThrow();
  });

  it('reads zone offsets, daylight saving included', () => {
    expect(offsetAt('America/New_York', at('2026-01-15T12:00:00Z'))).toBe(-5 * HOUR_MS);
    expect(offsetAt('America/New_York', at('2026-07-15T12:00:00Z'))).toBe(-4 * HOUR_MS);
    expect(offsetAt('Asia/Kolkata', at('2026-07-15T12:00:00Z'))).toBe(5.5 * HOUR_MS);
  });

  it('days follow local midnight across the daylight-saving change (a 23-hour day)', () => {
    const buckets = bucketsOf('America/New_York', parseInterval('P1D'), at('2026-03-07T05:00:00Z'), at('2026-03-10T04:00:00Z'));
    expect(buckets.map((bucket) => iso(bucket.start))).toEqual(['2026-03-07T05:00:00.000Z', '2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z']);
    expect(buckets[1]!.end - buckets[1]!.start).toBe(23 * HOUR_MS);
  });

  it('weeks start on Monday; P2D keeps a fixed grid of days', () => {
    const weeks = bucketsOf('UTC', parseInterval('P1W'), at('2026-03-04T00:00:00Z'), at('2026-03-20T00:00:00Z'));
    expect(weeks.map((bucket) => iso(bucket.start))).toEqual(['2026-03-04T00:00:00.000Z', '2026-03-09T00:00:00.000Z', '2026-03-16T00:00:00.000Z']);
    const pairs = bucketsOf('UTC', parseInterval('P2D'), at('2026-03-04T12:00:00Z'), at('2026-03-09T00:00:00Z'));
    expect(pairs.every((bucket, index) => index === 0 || (bucket.start / DAY_MS) % 2 === 0)).toBe(true);
  });

  it('refuses windows with too many buckets', () => {
    expect(() => bucketsOf('UTC', parseInterval('PT1S'), 0, DAY_MS)).toThrow(/more than/);
  });

  it('splits a range into raw edges, whole hours and whole UTC days', () => {
    const segments = segmentsOf({ start: at('2026-03-01T22:30:00Z'), end: at('2026-03-04T01:15:00Z') });
    expect(segments.raw.map((range) => [iso(range.start), iso(range.end)])).toEqual([
      ['2026-03-01T22:30:00.000Z', '2026-03-01T23:00:00.000Z'],
      ['2026-03-04T01:00:00.000Z', '2026-03-04T01:15:00.000Z'],
    ]);
    expect(segments.hours.map(iso)).toEqual(['2026-03-01T23:00:00.000Z', '2026-03-04T00:00:00.000Z']);
    expect(segments.days.map(iso)).toEqual(['2026-03-02T00:00:00.000Z', '2026-03-03T00:00:00.000Z']);
    const small = segmentsOf({ start: at('2026-03-01T10:10:00Z'), end: at('2026-03-01T10:50:00Z') });
    expect(small).toEqual({ days: [], hours: [], raw: [{ start: at('2026-03-01T10:10:00Z'), end: at('2026-03-01T10:50:00Z') }] });
  });
});
