import { contextAround, entity, isAlnumAt } from './candidates';
import type { DetectedEntity } from './types';

const CANDIDATE = /[+(]?\d[\d ().-]{4,22}\d(?:\s?(?:x|ext\.?)\s?\d{1,6})?/gi;
const CONTEXT = /\b(?:phone|tel|telephone|call|answering|mobile|cell|fax|office|reach|contact|whats ?app|sms|text me|dial|ring|number|hotline|landline)\b/i;
const ADDRESS_NUMBER_BEFORE = /(?:\b(?:apt|apartment|suite|ste|unit|box|no|room|floor|flat|po)\.?|#)\s*$/i;
const DATE_LIKE = /^(?:\d{1,4}[./-]\d{1,2}[./-]\d{2,4}|(?:19|20)\d\d[ -](?:19|20)\d\d)$/;
const ZIP_PLUS_FOUR = /^\d{5}-\d{4}$/;
const POSTAL_BEFORE = /\b(?:zip|postal ?code|post ?code|postcode)\b[^\d\n]{0,12}$/i;
const NANP = /^(?:\+?1[ .-]?)?(?:\(\d{3}\)\s?|\d{3}[ .-])\d{3}[ .-]\d{4}$/;

export function findPhoneNumbers(text: string, out: DetectedEntity[]): void {
  for (const m of text.matchAll(CANDIDATE)) {
    let start = m.index;
    let raw = m[0];
    if (raw.startsWith('(') && !raw.includes(')')) {
      start += 1;
      raw = raw.slice(1);
    }
    if (raw.endsWith(')') && !raw.slice(0, -1).includes('(')) raw = raw.slice(0, -1);
    raw = raw.replace(/[ .-]+$/, '');
    const end = start + raw.length;
    const found = scorePhone(text, start, end, raw);
    if (found > 0) out.push(entity(text, 'PHONE_NUMBER', start, end, found));
  }
}

function scorePhone(text: string, start: number, end: number, raw: string): number {
  const before = text[start - 1] ?? '';
  if (isAlnumAt(text, start - 1) || /[-/._]/.test(before) || isAlnumAt(text, end)) return 0;
  if (/^[-/.]\d/.test(text.slice(end, end + 2))) return 0;
  const main = raw.replace(/\s?(?:x|ext\.?)\s?\d+$/i, '');
  const digits = main.replace(/\D/g, '');
  if (digits.length < 6 || digits.length > 15) return 0;
  if (/[.-]{2}| {2}|[.-] | [.-]/.test(main) || DATE_LIKE.test(main)) return 0;
  if (ADDRESS_NUMBER_BEFORE.test(text.slice(Math.max(0, start - 12), start))) return 0;
  // "zip 94105-1234": a ZIP+4 code after a postal cue (found as an address).
  if (ZIP_PLUS_FOUR.test(main) && POSTAL_BEFORE.test(text.slice(Math.max(0, start - 24), start))) return 0;
  const groups = main.split(/[ .()-]+/).filter(Boolean);
  const separators = new Set(main.match(/[ .-]/g) ?? []);
  const hasContext = contextAround(text, start, end, CONTEXT, 40);
  if (digits.length === 6 && !(hasContext && groups.length >= 3)) return 0;
  if (groups.length === 1) {
    if (main.startsWith('+')) return digits.length >= 9 ? 0.7 : 0;
    return hasContext && digits.length <= 12 ? 0.6 : 0;
  }
  if (groups.some((g) => g.length > 5) && groups.length > 2) return 0;
  if (separators.size > 1 && !main.includes('(') && !main.startsWith('+')) {
    // Mixed separators only in the shapes of international numbers such as "+1-203 305 2492".
    if (!/^\d{1,4} \d/.test(main)) return 0;
  }
  if (NANP.test(main) || main.startsWith('+') || main.startsWith('(')) return hasContext ? 0.95 : 0.8;
  if (hasContext) return 0.75;
  if (separators.has(' ') && separators.size === 1) return groups.length >= 3 && digits.length >= 8 ? 0.4 : 0;
  return 0.55;
}
