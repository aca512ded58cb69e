/**
 * The one pass over a normalized prompt that the guard's word-level work shares: it cuts the words (the same words
 * the trigger vocabulary looks up, see triggers.ts) and computes the hashed features of the learned classifier.
 * Per word: the word, the pair (previous word, word) and the character trigrams of the word with boundary marks
 * ("<ig", "ign", ..., "re>"), which make the model robust to inflection, typos and languages it saw little of.
 * A CJK character counts as a word. Each feature is an index in [0, 2^FEATURE_BITS).
 * Shared by the training script (scripts/attack-model/) and the run-time scorer (classifier.ts).
 */
export const FEATURE_BITS = 17;
const SHIFT = 32 - FEATURE_BITS;

export const FNV_OFFSET = 0x811c9dc5 | 0;
export const FNV_PRIME = 0x01000193;

/** FNV-1a of a word: the hash `walkWords` gives each word of a text, for tables keyed by words. */
export function wordHash(word: string): number {
  let hash = FNV_OFFSET;
  for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), FNV_PRIME);
  return hash;
}
const BOUNDARY = 2; // a code no normalized word contains
const APOSTROPHE = 39;
// Punctuation runs between words: the run itself (its first GAP_HASHED characters) and its length bucket, so that
// the bracket-and-symbol soup of adversarial suffixes ("](`{%({") has features of its own.
const GAP_SALT = 0x5bd1e995 | 0;
const GAP_HASHED = 8;

/** The words and features of one text. Views into buffers reused by the next call of `walkWords`. */
export interface WordsView {
  words: number;
  /** Word i spans [wordStarts[i], wordStops[i]) of the text; trailing apostrophes are not part of it. */
  wordStarts: Int32Array;
  wordStops: Int32Array;
  /** FNV-1a hash of each word (the hash triggers.ts uses). */
  wordHashes: Int32Array;
  /** Feature indices, word by word; `featureEnds[i]` is the end (exclusive) of word i's features. */
  indices: Int32Array;
  featureEnds: Int32Array;
  hasCjk: boolean;
}

let starts: Int32Array = new Int32Array(1024);
let stops: Int32Array = new Int32Array(1024);
let hashes: Int32Array = new Int32Array(1024);
let ends: Int32Array = new Int32Array(1024);
let indices: Int32Array = new Int32Array(8192);

function grown(buffer: Int32Array, needed: number): Int32Array {
  if (needed <= buffer.length) return buffer;
  const bigger = new Int32Array(Math.max(needed, buffer.length * 2));
  bigger.set(buffer);
  return bigger;
}

function finish(hash: number): number {
  // Murmur3's finalizer: FNV alone leaves the low-entropy bits the shift keeps.
  let h = hash;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> SHIFT;
}

function trigram(a: number, b: number, c: number): number {
  return finish(Math.imul(Math.imul(Math.imul(0x3c6ef372 ^ a, FNV_PRIME) ^ b, FNV_PRIME) ^ c, FNV_PRIME));
}

function pair(previous: number, hash: number): number {
  return finish(Math.imul(previous ^ hash, FNV_PRIME) + 0x9e3779b9);
}

/** Lower-case ASCII letters and digits, and letters of other scripts (Latin-1 and above, no CJK or symbols). */
export function isWordCode(code: number): boolean {
  if (code >= 97 && code <= 122) return true;
  if (code < 128) return code >= 48 && code <= 57;
  if (code < 0xc0 || code === 0xd7 || code === 0xf7) return false;
  if ((code >= 0x2000 && code <= 0x2bff) || (code >= 0xd800 && code <= 0xdfff) || (code >= 0xfe00 && code <= 0xfe0f)) return false;
  return !isCjkCode(code);
}

export function isCjkCode(code: number): boolean {
  return (code >= 0x3040 && code <= 0x9fff) || (code >= 0xac00 && code <= 0xd7af) || (code >= 0xff00 && code <= 0xffef);
}

/**
 * Cuts `normalized` (lower-cased by normalize.ts) into words and features. A word starts with a word character and
 * runs over word characters and apostrophes; apostrophes closing it ("'legal loophole'") are not part of it.
 */
export function walkWords(normalized: string): WordsView {
  const n = normalized.length;
  // The module's buffers, read into locals for the loop (a module binding is reloaded on every access) and grown
  // up front: a word of k characters yields at most k + 5 features, a CJK character 2, so n * 5 bounds them all.
  if (starts.length < n) growWords(n);
  if (indices.length < 5 * n) indices = grown(indices, 5 * n);
  const out = indices;
  const wordStart = starts;
  const wordStop = stops;
  const wordHash = hashes;
  const wordEnd = ends;
  let words = 0;
  let count = 0;
  let previous = 0;
  let hasCjk = false;
  // The punctuation between the previous word and the next (spaces and newlines left out), as one run.
  let gapHash = GAP_SALT;
  let gapLength = 0;
  let i = 0;
  while (i < n) {
    const code = normalized.charCodeAt(i);
    if (!isWordCode(code)) {
      if (code >= 0x3040 && isCjkCode(code)) {
        hasCjk = true;
        const hash = Math.imul(FNV_OFFSET ^ code, FNV_PRIME);
        out[count++] = finish(hash);
        out[count++] = pair(previous, hash);
        gapLength = 0;
        gapHash = GAP_SALT;
        wordStart[words] = i;
        wordStop[words] = i + 1;
        wordHash[words] = hash;
        wordEnd[words++] = count;
        previous = hash;
      } else if (code !== 32 && code !== 10) {
        if (gapLength < GAP_HASHED) gapHash = Math.imul(gapHash ^ code, FNV_PRIME);
        gapLength++;
      }
      i++;
      continue;
    }
    const start = i;
    let stop = i;
    while (i < n) {
      const c = normalized.charCodeAt(i);
      if (isWordCode(c)) stop = i + 1;
      else if (c !== APOSTROPHE) break;
      i++;
    }
    if (gapLength > 0) {
      out[count++] = finish(gapHash);
      out[count++] = finish(GAP_SALT + (gapLength >= 5 ? 5 : gapLength >= 3 ? 3 : gapLength));
      gapLength = 0;
      gapHash = GAP_SALT;
    }
    let hash = FNV_OFFSET;
    let a = BOUNDARY;
    let b = BOUNDARY;
    for (let k = start; k < stop; k++) {
      const c = normalized.charCodeAt(k);
      hash = Math.imul(hash ^ c, FNV_PRIME);
      out[count++] = trigram(a, b, c);
      a = b;
      b = c;
    }
    out[count++] = trigram(a, b, BOUNDARY);
    out[count++] = finish(hash);
    out[count++] = pair(previous, hash);
    wordStart[words] = start;
    wordStop[words] = stop;
    wordHash[words] = hash;
    wordEnd[words++] = count;
    previous = hash;
  }
  return {
    words,
    wordStarts: wordStart.subarray(0, words),
    wordStops: wordStop.subarray(0, words),
    wordHashes: wordHash.subarray(0, words),
    indices: out.subarray(0, count),
    featureEnds: wordEnd.subarray(0, words),
    hasCjk,
  };
}

function growWords(needed: number): void {
  starts = grown(starts, needed);
  stops = grown(stops, needed);
  hashes = grown(hashes, needed);
  ends = grown(ends, needed);
}

export interface TextFeatures {
  indices: Int32Array;
  /** `wordEnds[i]` is the end (exclusive) in `indices` of word i's features. */
  wordEnds: Int32Array;
  words: number;
}

/** The features of `normalized` as arrays of their own (for training and tests; the scorer reads the view). */
export function extractFeatures(normalized: string): TextFeatures {
  const view = walkWords(normalized);
  return { indices: view.indices.slice(), wordEnds: view.featureEnds.slice(), words: view.words };
}
