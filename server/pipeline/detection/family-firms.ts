import type { NerContext } from './ner-context';

// "Johnson and Sons", "Miller & Daughters", "Smith, Jones and Partners": family names joined to a kin or partner
// word are a firm, not people.
const FIRM_WORD = /(?:\band|&) (?:Sons?|Daughters?|Brothers|Bros\.?|Nephews?|Partners|Associates|Company|Co\.)(?![\p{L}\p{M}])(?: (?:Ltd|Limited|Inc|LLC|LLP|plc|Co)\b\.?)?/gu;
const NAMES_BEFORE = /(?:^|[^\p{L}\p{M}'’-])(\p{Lu}[\p{L}\p{M}'’-]+(?:(?:, | and | & )\p{Lu}[\p{L}\p{M}'’-]+){0,3}) $/u;

export function findFamilyFirms(ctx: NerContext): void {
  const { text } = ctx;
  for (const m of text.matchAll(FIRM_WORD)) {
    const from = Math.max(0, m.index - 80);
    const names = NAMES_BEFORE.exec(text.slice(from, m.index));
    if (!names) continue;
    const start = m.index - (names[1] ?? '').length - 1;
    const end = m.index + m[0].length;
    if (ctx.isFree(start, end)) ctx.emit('ORGANIZATION', start, end, 0.75);
  }
}
