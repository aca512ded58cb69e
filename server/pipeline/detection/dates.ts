import { entity } from './candidates';
import type { DetectedEntity } from './types';

const MONTH = '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const TIME = '\\d{1,2}:\\d{2}(?::\\d{2})?(?:\\.\\d+)?(?:\\s?[ap]\\.?m\\.?)?';
const PATTERNS: ReadonlyArray<{ re: RegExp; score: number }> = [
  { re: new RegExp(`\\b\\d{4}-\\d{2}-\\d{2}(?:[T ]${TIME}(?:Z|[+-]\\d{2}:?\\d{2})?)?\\b`, 'gi'), score: 0.9 },
  { re: new RegExp(`\\b\\d{1,2}([/.-])\\d{1,2}\\1(?:\\d{4}|\\d{2})(?:,?\\s${TIME})?(?![\\d/.-]\\d)`, 'gi'), score: 0.85 },
  { re: new RegExp(`\\b${MONTH}\\.?\\s\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s\\d{4})?\\b`, 'gi'), score: 0.85 },
  { re: new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th)?\\s(?:of\\s)?${MONTH}\\.?(?:,?\\s\\d{4})?\\b`, 'gi'), score: 0.85 },
  { re: new RegExp(`\\b${MONTH}\\s\\d{4}\\b`, 'gi'), score: 0.8 },
  { re: /\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b/gi, score: 0.7 },
  { re: new RegExp(`\\b${TIME}\\s?(?:[ap]\\.?m\\.?)(?![a-z])|\\b\\d{1,2}\\s?[ap]\\.m\\.`, 'gi'), score: 0.7 },
];

export function findDates(text: string, out: DetectedEntity[]): void {
  for (const { re, score } of PATTERNS) {
    for (const m of text.matchAll(re)) {
      if (!plausibleNumericDate(m[0])) continue;
      // "may 5" needs a capital M: the modal verb is far more common.
      if (/^may\s/.test(m[0])) continue;
      out.push(entity(text, 'DATE_TIME', m.index, m.index + m[0].length, score));
    }
  }
}

function plausibleNumericDate(value: string): boolean {
  const parts = /^(\d{1,2})[/.-](\d{1,2})[/.-]\d/.exec(value);
  if (!parts) return true;
  const a = Number(parts[1]);
  const b = Number(parts[2]);
  return a >= 1 && b >= 1 && (a <= 12 || b <= 12) && a <= 31 && b <= 31;
}
