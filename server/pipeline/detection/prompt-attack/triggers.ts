/**
 * Which trigger words occur in a normalized text, so that a signal's regular expression only runs when one of its
 * words is present. A trigger is a whole word (`jailbroken`), a word prefix ending in `*` (`ignor*`), or `#cjk`
 * for any Chinese, Japanese or Korean character. The words and their hashes come from the guard's single pass
 * over the prompt (walkWords in features.ts), which the learned classifier reads as well.
 */
import { FNV_OFFSET, FNV_PRIME, walkWords, wordHash } from './features';
import type { WordsView } from './features';

export const CJK = '#cjk';
// Local copies: an imported binding is read through an accessor on every use under some module loaders.
const OFFSET = FNV_OFFSET;
const PRIME = FNV_PRIME;

const WORD_CHARS = /^[\p{L}\p{N}']+$/u;

/**
 * Open-addressing table from a 32-bit word hash to a small index: the look-ups run for every word of every prompt,
 * and a Map keyed by numbers outside the small-integer range hashes a boxed number on each call.
 */
class HashIndex {
  keys = new Int32Array(64);
  /** Index + 1; 0 marks an empty slot. */
  values = new Int32Array(64);
  private size = 0;

  get(key: number): number {
    return probe(this, key);
  }

  set(key: number, index: number): void {
    if ((this.size + 1) * 2 > this.keys.length) this.grow();
    const mask = this.keys.length - 1;
    let slot = Math.imul(key, 0x9e3779b1) >>> 7 & mask;
    while (this.values[slot] !== 0 && this.keys[slot] !== key) slot = (slot + 1) & mask;
    if (this.values[slot] === 0) this.size++;
    this.keys[slot] = key;
    this.values[slot] = index + 1;
  }

  private grow(): void {
    const { keys, values } = this;
    this.keys = new Int32Array(keys.length * 2);
    this.values = new Int32Array(keys.length * 2);
    this.size = 0;
    for (let slot = 0; slot < keys.length; slot++) if (values[slot] !== 0) this.set(keys[slot] as number, (values[slot] as number) - 1);
  }
}

function probe(index: HashIndex, key: number): number {
  const { keys, values } = index;
  const mask = keys.length - 1;
  for (let slot = (Math.imul(key, 0x9e3779b1) >>> 7) & mask; ; slot = (slot + 1) & mask) {
    const value = values[slot] as number;
    if (value === 0) return -1;
    if (keys[slot] === key) return value - 1;
  }
}

/** The triggers found in one text: a set of trigger names, and a mark per trigger id for the hot checks (firesAny). */
export class FoundTriggers implements Iterable<string> {
  /** 1 for each trigger id found; a plain array, which the young generation reclaims cheaply. */
  readonly marks: number[];
  /** The ids found, in the order found: the signals to read are looked up from them (detect.ts's SignalIndex). */
  readonly ids: number[] = [];
  private readonly names: string[] = [];

  constructor(private readonly vocabulary: TriggerVocabulary) {
    this.marks = new Array<number>(vocabulary.size).fill(0);
  }

  add(id: number): void {
    if (this.marks[id] === 1) return;
    this.marks[id] = 1;
    this.ids.push(id);
    this.names.push(this.vocabulary.triggerOf(id));
  }

  has(trigger: string): boolean {
    const id = this.vocabulary.idOf(trigger);
    return id >= 0 && this.marks[id] === 1;
  }

  get size(): number {
    return this.names.length;
  }

  [Symbol.iterator](): Iterator<string> {
    return this.names[Symbol.iterator]();
  }
}

export class TriggerVocabulary {
  private readonly triggers: string[] = [];
  private readonly ids = new Map<string, number>();
  /** Whole-word triggers by word hash: ids into `exactBuckets`. */
  private readonly exact = new HashIndex();
  private readonly exactBuckets: Array<Array<{ word: string; id: number }>> = [];
  /** Prefix triggers by the hash of the prefix; `isPrefixLength[n]` says whether some prefix has n characters. */
  private readonly prefixes = new HashIndex();
  private readonly prefixBuckets: Array<Array<{ key: string; id: number }>> = [];
  private readonly isPrefixLength = new Uint8Array(32);
  private longestPrefix = 0;
  private shortestPrefix = Infinity;
  /** Marks the first two characters (low bytes) of every prefix trigger: most words open with no such pair. */
  private readonly prefixOpenings = new Uint8Array(65536);
  private readonly cjkId: number;

  constructor(triggers: Iterable<string>) {
    this.cjkId = this.idFor(CJK);
    for (const trigger of new Set(triggers)) {
      if (trigger === CJK) continue;
      const isPrefix = trigger.endsWith('*');
      const word = isPrefix ? trigger.slice(0, -1) : trigger;
      if (!WORD_CHARS.test(word)) throw new Error(`trigger '${trigger}' is not a single word`);
      const id = this.idFor(trigger);
      if (isPrefix) {
        if (word.length >= this.isPrefixLength.length) throw new Error(`prefix trigger '${trigger}' is too long`);
        bucketOf(this.prefixes, this.prefixBuckets, wordHash(word)).push({ key: word, id });
        this.isPrefixLength[word.length] = 1;
        this.longestPrefix = Math.max(this.longestPrefix, word.length);
        this.shortestPrefix = Math.min(this.shortestPrefix, word.length);
        if (word.length >= 2) this.prefixOpenings[((word.charCodeAt(0) & 0xff) << 8) | (word.charCodeAt(1) & 0xff)] = 1;
      } else {
        bucketOf(this.exact, this.exactBuckets, wordHash(word)).push({ word, id });
      }
    }
  }

  private idFor(trigger: string): number {
    const id = this.triggers.length;
    this.triggers.push(trigger);
    this.ids.set(trigger, id);
    return id;
  }

  get size(): number {
    return this.triggers.length;
  }

  /** The id of a trigger as written (`*` included), or -1 when the vocabulary does not hold it. */
  idOf(trigger: string): number {
    return this.ids.get(trigger) ?? -1;
  }

  triggerOf(id: number): string {
    return this.triggers[id] as string;
  }

  /** The ids of `triggers` that the vocabulary holds, for firesAny. */
  idsOf(triggers: readonly string[]): Int32Array {
    return Int32Array.from(triggers.map((t) => this.idOf(t)).filter((id) => id >= 0));
  }

  /** The triggers (as written, `*` included) found in `normalized`. */
  scan(normalized: string): FoundTriggers {
    return this.lookup(normalized, walkWords(normalized));
  }

  /** The triggers found among the words of `normalized` already cut by walkWords (the guard's one pass). */
  lookup(normalized: string, view: WordsView): FoundTriggers {
    const found = new FoundTriggers(this);
    if (view.hasCjk) found.add(this.cjkId);
    const { words, wordStarts, wordStops, wordHashes } = view;
    const openings = this.prefixOpenings;
    // With no one-letter prefix, a word can only start a prefix trigger when its first two letters open one.
    const filterOpenings = this.shortestPrefix >= 2;
    for (let w = 0; w < words; w++) {
      const start = wordStarts[w] ?? 0;
      const stop = wordStops[w] ?? 0;
      const exact = this.exact.get(wordHashes[w] ?? 0);
      if (exact >= 0) {
        const bucket = this.exactBuckets[exact] as Array<{ word: string; id: number }>;
        for (let b = 0; b < bucket.length; b++) {
          const { word, id } = bucket[b] as { word: string; id: number };
          if (word.length === stop - start && normalized.startsWith(word, start)) found.add(id);
        }
      }
      if (this.longestPrefix === 0) continue;
      if (filterOpenings) {
        if (stop - start < 2) continue;
        const opening = ((normalized.charCodeAt(start) & 0xff) << 8) | (normalized.charCodeAt(start + 1) & 0xff);
        if (openings[opening] !== 1) continue;
      }
      let hash = OFFSET;
      const limit = Math.min(stop - start, this.longestPrefix);
      for (let k = 0; k < limit; k++) {
        hash = Math.imul(hash ^ normalized.charCodeAt(start + k), PRIME);
        if (this.isPrefixLength[k + 1] !== 1) continue;
        const at = probe(this.prefixes, hash);
        if (at < 0) continue;
        const bucket = this.prefixBuckets[at] as Array<{ key: string; id: number }>;
        for (let b = 0; b < bucket.length; b++) {
          const { key, id } = bucket[b] as { key: string; id: number };
          if (normalized.startsWith(key, start)) found.add(id);
        }
      }
    }
    return found;
  }
}

function bucketOf<T>(index: HashIndex, buckets: T[][], hash: number): T[] {
  const at = index.get(hash);
  if (at >= 0) return buckets[at] as T[];
  const bucket: T[] = [];
  index.set(hash, buckets.length);
  buckets.push(bucket);
  return bucket;
}

/** Whether any of the trigger ids (from `idsOf`) was found. */
export function firesAny(ids: Int32Array, found: FoundTriggers): boolean {
  const { marks } = found;
  for (let i = 0; i < ids.length; i++) if (marks[ids[i] as number] === 1) return true;
  return false;
}
