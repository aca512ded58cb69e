// Fingerprints of a text for near-verbatim overlap, as plagiarism detectors take them: the text is cut into word
// tokens (letters and digits; case, accents, whitespace and punctuation do not count), every run of K tokens
// (a k-gram) is hashed, and winnowing keeps the smallest hash of every window of W consecutive k-grams. Any shared
// run of at least K + W - 1 tokens is then guaranteed to share a kept fingerprint, while a document keeps only
// about 2 / (W + 1) of its k-grams.

/** Tokens per k-gram. */
export const K = 8;
/** Winnowing window (k-grams). With K = 8 every shared run of 11 or more tokens is found. */
export const W = 4;

export interface Tokens {
  /** A 32-bit hash of each normalised token. */
  hashes: Uint32Array;
  /** Character offsets of each token in the original text: [start, end). */
  starts: Uint32Array;
  ends: Uint32Array;
}

const TOKEN = /[\p{L}\p{N}]+/gu;
const MARKS = /\p{M}+/gu;
const NON_ASCII = /[^ -~]/;

function hashToken(token: string): number {
  // FNV-1a over the UTF-16 code units.
  let hash = 0x811c9dc5;
  for (let index = 0; index < token.length; index += 1) {
    hash ^= token.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Normalises one token: lower case, accents removed (NFKD, combining marks dropped). */
function normalise(token: string): string {
  const lower = token.toLowerCase();
  // ASCII is the common case and needs no decomposition.
  return NON_ASCII.test(lower) ? lower.normalize('NFKD').replace(MARKS, '') : lower;
}

export function tokenize(text: string): Tokens {
  const hashes: number[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const token = normalise(match[0]);
    if (!token) continue;
    hashes.push(hashToken(token));
    starts.push(match.index);
    ends.push(match.index + match[0].length);
  }
  return { hashes: Uint32Array.from(hashes), starts: Uint32Array.from(starts), ends: Uint32Array.from(ends) };
}

/** The hash of every k-gram: entry i covers tokens i .. i + K - 1. Empty when the text has fewer than K tokens. */
export function kgramHashes(tokens: Uint32Array): Uint32Array {
  const count = tokens.length - K + 1;
  if (count <= 0) return new Uint32Array(0);
  const out = new Uint32Array(count);
  for (let start = 0; start < count; start += 1) {
    let hash = 0x9e3779b9;
    for (let offset = 0; offset < K; offset += 1) {
      hash = Math.imul(hash ^ tokens[start + offset]!, 0x85ebca6b);
      hash ^= hash >>> 13;
    }
    out[start] = (Math.imul(hash ^ (hash >>> 16), 0xc2b2ae35) ^ (hash >>> 15)) >>> 0;
  }
  return out;
}

/**
 * Winnowing: the smallest hash of each window of W consecutive k-grams (the rightmost when tied), each position
 * kept once. Returns pairs [hash, position, hash, position, …].
 */
export function winnow(grams: Uint32Array): number[] {
  const kept: number[] = [];
  if (!grams.length) return kept;
  if (grams.length <= W) {
    let best = 0;
    for (let index = 1; index < grams.length; index += 1) if (grams[index]! <= grams[best]!) best = index;
    return [grams[best]!, best];
  }
  let last = -1;
  for (let start = 0; start + W <= grams.length; start += 1) {
    let best = start;
    for (let index = start + 1; index < start + W; index += 1) if (grams[index]! <= grams[best]!) best = index;
    if (best !== last) {
      kept.push(grams[best]!, best);
      last = best;
    }
  }
  return kept;
}

/** Fingerprints winnowing keeps of a text (what the index will hold for it). */
export function fingerprintCount(text: string): number {
  return winnow(kgramHashes(tokenize(text).hashes)).length / 2;
}
