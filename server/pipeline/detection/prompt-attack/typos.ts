// Misspelled order words ("ignroe all previos instrucions", "disreagrd the sytem promt"): one letter changed, swapped,
// added or dropped leaves an order readable to a model and hides it from word-for-word rules. The text with such
// words spelled right is read as an obfuscated variant (detect.ts), as leetspeak is.
import { COMMON_WORDS } from '../gazetteer';
import { wordHash } from './features';
import type { WordsView } from './features';

/** The words an override is made of, six letters or more (shorter ones are a letter away from too many words). */
const ORDER_WORDS = ['ignore', 'disregard', 'forget', 'instructions', 'instruction', 'previous', 'prompt', 'system', 'override', 'everything', 'reveal', 'bypass'];

/**
 * Words one edit away from an order word that are words of their own are never corrected: the English word list of
 * the PII detectors ("forgot", "forged", "ignored", "precious", "revel") and a few more ("forgot the previous
 * instructions" is no order).
 */
const OWN_WORDS: ReadonlySet<string> = new Set(['signore', 'ignorer', 'systemd']);
const ownWord = (word: string) => OWN_WORDS.has(word) || COMMON_WORDS.has(word);

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

function oneEditAway(word: string): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    if (i < word.length) out.add(word.slice(0, i) + word.slice(i + 1));
    if (i < word.length - 1) out.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
    for (const letter of LETTERS) {
      if (i < word.length) out.add(word.slice(0, i) + letter + word.slice(i + 1));
      out.add(word.slice(0, i) + letter + word.slice(i));
    }
  }
  return out;
}

interface Correction {
  typo: string;
  word: string;
}

/**
 * By the FNV-1a hash of the misspelling (the hash `walkWords` gives each word), cut to 30 bits (a small integer, the
 * fast kind of Map key); a hit is checked against the text.
 */
const CORRECTIONS = new Map<number, Correction>();
const KEY_BITS = 0x3fffffff;
for (const word of ORDER_WORDS) {
  for (const typo of oneEditAway(word)) {
    if (ORDER_WORDS.includes(typo) || ownWord(typo)) continue;
    CORRECTIONS.set(wordHash(typo) & KEY_BITS, { typo, word });
  }
}

/**
 * `normalized` with misspelled order words spelled right; the same string when it has none. Reads the words of
 * `walkWords(normalized)`, whose hashes are the FNV-1a this module keys its corrections by: no second pass over the text.
 */
export function respelled(normalized: string, words: WordsView): string {
  let out = '';
  let from = 0;
  const { wordStarts, wordStops, wordHashes } = words;
  for (let i = 0; i < words.words; i++) {
    const correction = CORRECTIONS.get(wordHashes[i]! & KEY_BITS);
    if (!correction) continue;
    const start = wordStarts[i]!;
    if (wordStops[i]! - start !== correction.typo.length || !normalized.startsWith(correction.typo, start)) continue;
    out += normalized.slice(from, start) + correction.word;
    from = wordStops[i]!;
  }
  return from === 0 ? normalized : out + normalized.slice(from);
}
