import { describe, expect, it } from 'vitest';
import { NerContext } from './ner-context';

// The patterns the backwards character scan of startsSentence() replaces, on the four characters before the word.
function startsSentenceByPattern(text: string, start: number): boolean {
  const prefix = text.slice(Math.max(0, start - 4), start);
  return start === 0 || /(?:^|[.!?:;"“>\n]\s*)$/.test(prefix) || (/^\s*$/.test(prefix) && start < 4);
}

describe('NerContext.startsSentence', () => {
  it('agrees with the patterns for every mix of marks, white space and other characters', () => {
    const pieces = ['a', ' ', '\n', '\t', '\r', '.', '!', '?', ':', ';', '"', '“', '”', '>', ',', '1', '\u00a0', '\u2003', '\ufeff'];
    let state = 5;
    const random = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    for (let n = 0; n < 5000; n++) {
      let prefix = '';
      for (let k = Math.floor(random() * 7); k > 0; k--) prefix += pieces[Math.floor(random() * pieces.length)];
      const text = `${prefix}Word and more`;
      const ctx = new NerContext(text, []);
      const i = ctx.tokens.findIndex((t) => t.start === prefix.length);
      expect(ctx.startsSentence(i), JSON.stringify(prefix)).toBe(startsSentenceByPattern(text, prefix.length));
    }
  });
});
