// Turning a Dist into the response's statistics: mean, median, standard deviation and histograms.
import type { Dist } from './aggregate';
import { countAtMost, kthValue } from './aggregate';
import type { AutoHistogram, Bin } from '../../domain/schemas/metrics-types';

export type { AutoHistogram, Bin };

export interface BinSpec {
  min: number;
  max: number;
  binsCount: number;
}

/** The middle value; the mean of the two middle values when the count is even; 0 when empty. */
export function median(dist: Dist): number {
  if (!dist.n) return 0;
  const k = Math.floor((dist.n - 1) / 2) + 1;
  const low = kthValue(dist, k);
  // The two middle values are usually equal: one count tells, sparing a second search.
  const high = dist.n % 2 === 0 && countAtMost(dist, low) < k + 1 ? kthValue(dist, k + 1) : low;
  return (low + high) / 2;
}

export const mean = (dist: Dist): number => (dist.n ? dist.sum / dist.n : 0);

/** Population standard deviation. */
export function stdDev(dist: Dist): number {
  if (!dist.n) return 0;
  const average = dist.sum / dist.n;
  return Math.sqrt(Math.max(0, dist.sumSq / dist.n - average * average));
}

/** Bin edges in stored units: a stored value v is in bin i when edges[i-1] <= v < edges[i] (values are integers). */
function storedEdges(spec: BinSpec, binsCount: number, size: number, scale: number): number[] {
  return Array.from({ length: binsCount - 1 }, (_, index) => Math.ceil((spec.min + (index + 1) * size) * scale));
}

const binsOf = (spec: BinSpec): number => Math.max(1, Math.floor(spec.binsCount));

/**
 * Equal-width bins from min to max. A value below min counts in the first bin, one above max in the last, so every
 * measured value is in exactly one bin (the dashboards read the last bin as "max or more").
 */
export function histogram(dist: Dist, spec: BinSpec, scale = 1): Bin[] {
  const binsCount = binsOf(spec);
  const size = (spec.max - spec.min) / binsCount;
  const edges = storedEdges(spec, binsCount, size, scale);
  let below = 0;
  return Array.from({ length: binsCount }, (_, index) => {
    const lower = spec.min + index * size;
    const upper = index === binsCount - 1 ? spec.max : spec.min + (index + 1) * size;
    const upTo = index === binsCount - 1 ? dist.n : countAtMost(dist, edges[index]! - 1);
    const count = upTo - below;
    below = upTo;
    return { lower, upper, mid: (lower + upper) / 2, count };
  });
}

/** The bin of a stored value under `spec`, by the same edges as `histogram`. */
export function binOf(stored: number, spec: BinSpec, scale = 1): number {
  const binsCount = binsOf(spec);
  const edges = storedEdges(spec, binsCount, (spec.max - spec.min) / binsCount, scale);
  let index = 0;
  while (index < edges.length && stored >= edges[index]!) index += 1;
  return index;
}

/**
 * The stored values bin `index` holds under `spec`, by the same edges as `histogram` and `binOf`: at least `from`
 * (none below the first bin's) and below `to` (none above the last bin's); null for an index outside the bins.
 */
export function binRange(spec: BinSpec, index: number, scale = 1): { from: number | null; to: number | null } | null {
  const binsCount = binsOf(spec);
  if (!Number.isInteger(index) || index < 0 || index >= binsCount) return null;
  const edges = storedEdges(spec, binsCount, (spec.max - spec.min) / binsCount, scale);
  return { from: index === 0 ? null : edges[index - 1]!, to: index === binsCount - 1 ? null : edges[index]! };
}

/** Bins spanning the data's own min..max (one bin holding everything when they are equal). */
export function autoHistogram(dist: Dist, binsCount: number): AutoHistogram {
  if (!dist.n) return { min: 0, max: 0, binsCount: 0, binSize: 0, mode: 0, maxFrequency: 0, bins: [] };
  const count = dist.min === dist.max ? 1 : Math.max(1, Math.floor(binsCount));
  const bins = histogram(dist, { min: dist.min, max: dist.max, binsCount: count });
  let modal = bins[0]!;
  for (const bin of bins) if (bin.count > modal.count) modal = bin;
  return { min: dist.min, max: dist.max, binsCount: count, binSize: (dist.max - dist.min) / count, mode: modal.mid, maxFrequency: modal.count, bins };
}

/** The spec of autoHistogram for a Dist, so a drill-down can find the same bin again. */
export function autoSpec(dist: Dist, binsCount: number): BinSpec | null {
  if (!dist.n) return null;
  return { min: dist.min, max: dist.max, binsCount: dist.min === dist.max ? 1 : Math.max(1, Math.floor(binsCount)) };
}
