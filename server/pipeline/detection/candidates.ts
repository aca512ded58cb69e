import type { DetectedEntity } from './types';

/** Pushes an entity for text[start, end). */
export function entity(text: string, type: string, start: number, end: number, score: number): DetectedEntity {
  return { type, start, end, score, text: text.slice(start, end) };
}

/** True when `pattern` matches within `window` characters before `start`. */
export function contextBefore(text: string, start: number, pattern: RegExp, window = 48): boolean {
  return pattern.test(text.slice(Math.max(0, start - window), start));
}

export function contextAround(text: string, start: number, end: number, pattern: RegExp, window = 48): boolean {
  return pattern.test(text.slice(Math.max(0, start - window), Math.min(text.length, end + window)));
}

const ALNUM = /[\p{L}\p{N}]/u;
export function isAlnumAt(text: string, index: number): boolean {
  const ch = text[index];
  return ch !== undefined && ALNUM.test(ch);
}

/** Strips trailing sentence punctuation that a greedy pattern swallowed. */
export function trimTrailingPunctuation(text: string, start: number, end: number): number {
  while (end > start && /[.,;:!?'"\])}>]/.test(text[end - 1] ?? '')) {
    const ch = text[end - 1];
    if (ch === ')' && text.slice(start, end).includes('(')) break;
    end--;
  }
  return end;
}
