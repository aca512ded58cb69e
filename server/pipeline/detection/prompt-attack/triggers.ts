/**
 * Which trigger words occur in a normalized text, so that a signal's regular expression only runs when one of its
 * words is present. A trigger is a whole word (`jailbroken`), a word prefix ending in `*` (`ignor*`), or `#cjk`
 * for any Chinese, Japanese or Korean character. The words and their hashes come from the guard's single pass
 * over the prompt (walkWords in features.ts), which the learned classifier reads as well.
 */
import { FNV_OFFSET, FNV_PRIME, walkWords } from './features';
import type { WordsView } from './features';

export const CJK = '#cjk';
// Local copies: an imported binding is read through an accessor on every use under some module loaders.
const OFFSET = FNV_OFFSET;
const PRIME = FNV_PRIME;

const WORD_CHARS = /^[\p{L}\p{N}']+$/u;

export class TriggerVocabulary {
  private readonly exact = new Map<number, string[]>();
  /** Prefix triggers by the hash of the prefix; `isPrefixLength[n]` says whether some prefix has n characters. */
  private readonly prefixes = new Map<number, Array<{ key: string; trigger: string }>>();
  private readonly isPrefixLength = new Uint8Array(32);
  private longestPrefix = 0;

  constructor(triggers: Iterable<string>) {
    for (const trigger of new Set(triggers)) {
      if (trigger === CJK) continue;
      const isPrefix = trigger.endsWith('*');
      const word = isPrefix ? trigger.slice(0, -1) : trigger;
      if (!WORD_CHARS.test(word)) throw new Error(`trigger '${trigger}' is not a single word`);
      if (isPrefix) {
        if (word.length >= this.isPrefixLength.length) throw new Error(`prefix trigger '${trigger}' is too long`);
        const bucket = this.prefixes.get(hashOf(word)) ?? [];
        bucket.push({ key: word, trigger });
        this.prefixes.set(hashOf(word), bucket);
        this.isPrefixLength[word.length] = 1;
        this.longestPrefix = Math.max(this.longestPrefix, word.length);
      } else {
        const bucket = this.exact.get(hashOf(word)) ?? [];
        bucket.push(word);
        this.exact.set(hashOf(word), bucket);
      }
    }
  }

  /** The triggers (as written, `*` included) found in `normalized`. */
  scan(normalized: string): Set<string> {
    return this.lookup(normalized, walkWords(normalized));
  }

  /** The triggers found among the words of `normalized` already cut by walkWords (the guard's one pass). */
  lookup(normalized: string, view: WordsView): Set<string> {
    const found = new Set<string>();
    if (view.hasCjk) found.add(CJK);
    const { words, wordStarts, wordStops, wordHashes } = view;
    for (let w = 0; w < words; w++) {
      const start = wordStarts[w] ?? 0;
      const stop = wordStops[w] ?? 0;
      const exact = this.exact.get(wordHashes[w] ?? 0);
      if (exact) for (const trigger of exact) if (trigger.length === stop - start && normalized.startsWith(trigger, start)) found.add(trigger);
      if (this.longestPrefix === 0) continue;
      let hash = OFFSET;
      const limit = Math.min(stop - start, this.longestPrefix);
      for (let k = 0; k < limit; k++) {
        hash = Math.imul(hash ^ normalized.charCodeAt(start + k), PRIME);
        if (this.isPrefixLength[k + 1] !== 1) continue;
        const bucket = this.prefixes.get(hash);
        if (bucket) for (const { key, trigger } of bucket) if (normalized.startsWith(key, start)) found.add(trigger);
      }
    }
    return found;
  }
}

function hashOf(word: string): number {
  let hash = OFFSET;
  for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), PRIME);
  return hash;
}

export function firesAny(triggers: readonly string[], found: ReadonlySet<string>): boolean {
  for (const trigger of triggers) if (found.has(trigger)) return true;
  return false;
}
