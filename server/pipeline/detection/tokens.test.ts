import { describe, expect, it } from 'vitest';
import { casingOf, tokenize } from './tokens';

// The pattern the hand-written scan in tokenize() replaces.
const WORD = /[\p{L}\p{M}](?:[\p{L}\p{M}'’-]*[\p{L}\p{M}])?/gu;

const spans = (text: string) => tokenize(text).map((t) => [t.start, t.end, t.text, t.lower, t.shape]);
const byPattern = (text: string) =>
  [...text.matchAll(WORD)].map((m) => [m.index, m.index + m[0].length, m[0], m[0].toLowerCase(), tokenize(m[0])[0]?.shape]);

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('tokenize', () => {
  it('cuts the same words as the pattern: apostrophes, hyphens, marks, astral letters, lone surrogates', () => {
    const texts = ["Jane O'Neil-Smith's", "'quoted' -dash- rock’n’roll’", 'é\u0301t\u0301é', '𝐀𝐁c d𝐄', 'x\ud835y \udc00z', 'İstanbul ΣΑΣ.Β', 'a\u200bb', '42abc_def'];
    const random = seeded(7);
    const pieces = ['a', 'Z', 'é', 'Σ', 'ß', "'", '’', '-', ' ', '.', '\u0301', '\ud835', '\udc00', '𝐀', '1', '中'];
    for (let n = 0; n < 2000; n++) {
      let text = '';
      for (let k = Math.floor(random() * 16); k > 0; k--) text += pieces[Math.floor(random() * pieces.length)];
      texts.push(text);
    }
    for (const text of texts) expect(spans(text)).toEqual(byPattern(text));
  });

  it('treats every BMP character as the pattern does', () => {
    const mismatches: number[] = [];
    for (let code = 0; code < 0x10000; code++) {
      const text = `a${String.fromCharCode(code)}b ${String.fromCharCode(code)}`;
      if (JSON.stringify(spans(text)) !== JSON.stringify(byPattern(text))) mismatches.push(code);
    }
    expect(mismatches).toEqual([]);
  });

  it('gives each word its shape', () => {
    expect(tokenize('Jane DOE and x ÉLAN élan').map((t) => t.shape)).toEqual(['title', 'upper', 'lower', 'lower', 'upper', 'lower']);
  });
});

describe('casingOf', () => {
  // The full count that the early exit must agree with.
  function counted(text: string) {
    let upper = 0;
    let lower = 0;
    for (const ch of text.split('')) {
      if (ch !== ch.toLowerCase()) upper++;
      else if (ch !== ch.toUpperCase()) lower++;
    }
    return { allLower: upper === 0 && lower > 0, mostlyUpper: upper > 3 * lower && upper > 8 };
  }

  it('agrees with counting every letter, whatever the mix of capitals', () => {
    const random = seeded(11);
    for (let n = 0; n < 3000; n++) {
      const capitals = random();
      let text = '';
      for (let k = Math.floor(random() * 60); k > 0; k--) text += random() < capitals ? 'AÉ'[Math.floor(random() * 2)] : 'ab 1é'[Math.floor(random() * 5)];
      expect(casingOf(text)).toEqual(counted(text));
    }
  });
});
