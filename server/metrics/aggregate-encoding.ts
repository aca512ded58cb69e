// How rollup rows are stored: JSON scalars in `data`, the distributions' values in `dist_values`, varint-coded.
import type { Aggregate, Dist, DistPart, ItemAggregate } from './aggregate';
import { NO_VALUES, emptyDist, mergeParts, partsOf } from './aggregate';
import { TOOL_COUNT_FIELDS } from '../../domain/schemas/metrics';

// Per distribution: its number of distinct values, then the values as deltas (ascending, the first zigzag-coded),
// then each value's count. Integers of a few bits each take a byte or two, so an hour of a busy organization stays
// a few kilobytes and reading a month of hours is mostly memory copying.

export interface EncodedRow {
  data: string;
  /** null: read without its values (a query that needs none); using a distribution then throws. */
  dist_values: Uint8Array | null;
}

export interface StoredRow extends EncodedRow {
  dist_values: Uint8Array;
}

type EncodedScalars = [number, number, number, number, number] | 0;

function encodeScalars(dist: Dist): EncodedScalars {
  return dist.n ? [dist.n, dist.sum, dist.sumSq, dist.min, dist.max] : 0;
}

class VarintWriter {
  private bytes = new Uint8Array(1024);
  length = 0;

  write(value: number): void {
    if (this.length + 5 > this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    let rest = value >>> 0;
    while (rest >= 0x80) {
      this.bytes[this.length++] = (rest & 0x7f) | 0x80;
      rest >>>= 7;
    }
    this.bytes[this.length++] = rest;
  }

  /** A Buffer: what both database drivers bind as a blob. */
  done(): Buffer {
    return Buffer.from(this.bytes.buffer, 0, this.length);
  }
}

const zigzag = (value: number): number => (value << 1) ^ (value >> 31);
const unzigzag = (value: number): number => (value >>> 1) ^ -(value & 1);

function encodeValues(dists: Dist[]): Buffer {
  const writer = new VarintWriter();
  for (const dist of dists) {
    const part = dist.n ? mergeParts(partsOf(dist)) : { values: new Int32Array(0), cumulative: new Int32Array(0) };
    const { values, cumulative } = part;
    writer.write(values.length);
    values.forEach((value, index) => writer.write(index === 0 ? zigzag(value) : value - values[index - 1]!));
    cumulative.forEach((running, index) => writer.write(index === 0 ? running : running - cumulative[index - 1]!));
  }
  return writer.done();
}

function decodeParts(count: number, bytes: Uint8Array): (DistPart | null)[] {
  // One tight loop per array: this runs for every value of every row a query reads.
  let offset = 0;
  const parts: (DistPart | null)[] = [];
  for (let dist = 0; dist < count; dist += 1) {
    let length = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = bytes[offset++]!;
      length |= (byte & 0x7f) << shift;
      if (byte < 0x80) break;
    }
    const values = new Int32Array(length);
    const cumulative = new Int32Array(length);
    let previous = 0;
    for (let index = 0; index < length; index += 1) {
      let byte = bytes[offset++]!;
      let read = byte & 0x7f;
      for (let shift = 7; byte >= 0x80; shift += 7) {
        byte = bytes[offset++]!;
        read |= (byte & 0x7f) << shift;
      }
      previous = index === 0 ? unzigzag(read) : previous + read;
      values[index] = previous;
    }
    let running = 0;
    for (let index = 0; index < length; index += 1) {
      let byte = bytes[offset++]!;
      let read = byte & 0x7f;
      for (let shift = 7; byte >= 0x80; shift += 7) {
        byte = bytes[offset++]!;
        read |= (byte & 0x7f) << shift;
      }
      running += read;
      cumulative[index] = running;
    }
    parts.push(length ? { values, cumulative } : null);
  }
  return parts;
}

/** The row's distributions with their scalars; their values are decoded on first use, all together. */
function decodeDists(scalars: EncodedScalars[], bytes: Uint8Array | null): Dist[] {
  const dists = scalars.map((encoded): Dist => {
    if (encoded === 0) return emptyDist();
    const [n, sum, sumSq, min, max] = encoded;
    return { n, sum, sumSq, min, max, added: NO_VALUES, addedLength: 0, parts: [], sources: [], load: null, compact: false };
  });
  const load = () => {
    if (!bytes) throw new Error('The distributions of this rollup row were not read.');
    const parts = decodeParts(dists.length, bytes);
    dists.forEach((dist, index) => {
      dist.load = null;
      const part = parts[index];
      if (part && dist.n) dist.parts.push(part);
    });
  };
  for (const dist of dists) if (dist.n) dist.load = load;
  return dists;
}

type ItemScalars = [number, number, number, number, number, number, EncodedScalars[]];

const itemDists = (item: ItemAggregate): Dist[] => [item.totalTokens, ...item.quality];
const itemScalars = (item: ItemAggregate): ItemScalars => [item.prompts, item.malicious, item.blocked, item.anonymized, item.redacted, item.policySkips, itemDists(item).map(encodeScalars)];

function decodeItemScalars(scalars: ItemScalars, dists: Dist[]): ItemAggregate {
  const [prompts, malicious, blocked, anonymized, redacted, policySkips] = scalars;
  const [totalTokens, ...quality] = dists;
  return { prompts, malicious, blocked, anonymized, redacted, policySkips, totalTokens: totalTokens!, quality };
}

export const encodeItem = (item: ItemAggregate): StoredRow => ({ data: JSON.stringify(itemScalars(item)), dist_values: encodeValues(itemDists(item)) });

export function decodeItem(row: EncodedRow): ItemAggregate {
  const scalars = JSON.parse(row.data) as ItemScalars;
  return decodeItemScalars(scalars, decodeDists(scalars[6], row.dist_values));
}

/**
 * The copyright counts (0021) and the tool counts (0020) come last, in that order; 0021 rebuilt every row, and an
 * older row without them reads as none.
 */
type AggregateScalars = [ItemScalars, number | null, number | null, [number, number, number][], EncodedScalars[], [number, number, number]?, number[]?];

export function encodeAggregate(aggregate: Aggregate): StoredRow {
  const stageDists = [...aggregate.tokens, ...aggregate.latency];
  const data: AggregateScalars = [itemScalars(aggregate), aggregate.minDate, aggregate.maxDate, aggregate.status, stageDists.map(encodeScalars), aggregate.copyright, aggregate.tools];
  return { data: JSON.stringify(data), dist_values: encodeValues([...itemDists(aggregate), ...stageDists]) };
}

export function decodeAggregate(row: EncodedRow): Aggregate {
  const [item, minDate, maxDate, status, stageScalars, copyright, tools] = JSON.parse(row.data) as AggregateScalars;
  const dists = decodeDists([...item[6], ...stageScalars], row.dist_values);
  const itemCount = item[6].length;
  const stages = status.length;
  return {
    ...decodeItemScalars(item, dists.slice(0, itemCount)),
    minDate,
    maxDate,
    status,
    copyright: copyright ?? [0, 0, 0],
    tokens: dists.slice(itemCount, itemCount + stages),
    latency: dists.slice(itemCount + stages),
    tools: TOOL_COUNT_FIELDS.map((_, index) => tools?.[index] ?? 0),
  };
}
