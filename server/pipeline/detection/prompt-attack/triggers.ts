/**
 * One pass over a normalized text that records which trigger words occur, so that a signal's regular
 * expression only runs when one of its words is present. A trigger is a whole word (`jailbroken`), a word
 * prefix ending in `*` (`ignor*`), or `#cjk` for any Chinese, Japanese or Korean character.
 * Words are hashed while they are read; a string is only cut out of the text when its hash is a trigger's.
 */
export const CJK = '#cjk';

const WORD_CHARS = /^[\p{L}\p{N}']+$/u;

export class TriggerVocabulary {
  private readonly exact = new Map<number, string[]>();
  /** Prefix triggers by the hash of the prefix; `isPrefixLength[n]` says whether some prefix has n characters. */
  private readonly prefixes = new Map<number, Array<{ key: string; trigger: string }>>();
  private readonly isPrefixLength = new Uint8Array(32);

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
      } else {
        const bucket = this.exact.get(hashOf(word)) ?? [];
        bucket.push(word);
        this.exact.set(hashOf(word), bucket);
      }
    }
  }

  /** The triggers (as written, `*` included) found in `normalized`. */
  scan(normalized: string): Set<string> {
    const found = new Set<string>();
    const n = normalized.length;
    let i = 0;
    while (i < n) {
      const first = normalized.charCodeAt(i);
      if (!isWordCode(first) || first === 39) {
        if (first >= 0x3040 && isCjkCode(first)) found.add(CJK);
        i++;
        continue;
      }
      const start = i;
      let hash = FNV_OFFSET;
      while (i < n) {
        const code = normalized.charCodeAt(i);
        if (!isWordCode(code)) break;
        hash = Math.imul(hash ^ code, FNV_PRIME);
        i++;
        const length = i - start;
        if (length < 32 && this.isPrefixLength[length] === 1) {
          const bucket = this.prefixes.get(hash);
          if (bucket) for (const { key, trigger } of bucket) if (normalized.startsWith(key, start)) found.add(trigger);
        }
      }
      let end = i;
      // A quote closing a word is not part of it ("'legal loophole'").
      while (end > start && normalized.charCodeAt(end - 1) === 39) end--;
      if (end !== i) hash = hashOf(normalized.slice(start, end));
      const exact = this.exact.get(hash);
      if (exact) this.collect(exact, normalized, start, end, found);
    }
    return found;
  }

  private collect(bucket: readonly string[], text: string, start: number, end: number, found: Set<string>): void {
    const word = text.slice(start, end);
    for (const trigger of bucket) if (trigger === word) found.add(trigger);
  }
}

const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

function hashOf(word: string): number {
  let hash = FNV_OFFSET;
  for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), FNV_PRIME);
  return hash;
}

/** Lower-case ASCII letters and digits, apostrophe, and letters of other scripts (Latin-1 and above, no CJK or symbols). */
function isWordCode(code: number): boolean {
  if (code >= 97 && code <= 122) return true;
  if (code < 128) return (code >= 48 && code <= 57) || code === 39;
  if (code < 0xc0 || code === 0xd7 || code === 0xf7) return false;
  if ((code >= 0x2000 && code <= 0x2bff) || (code >= 0xd800 && code <= 0xdfff) || (code >= 0xfe00 && code <= 0xfe0f)) return false;
  return !isCjkCode(code);
}

function isCjkCode(code: number): boolean {
  return (code >= 0x3040 && code <= 0x9fff) || (code >= 0xac00 && code <= 0xd7af) || (code >= 0xff00 && code <= 0xffef);
}

export function firesAny(triggers: readonly string[], found: ReadonlySet<string>): boolean {
  for (const trigger of triggers) if (found.has(trigger)) return true;
  return false;
}
