export type Shape = 'title' | 'upper' | 'lower' | 'other';

export interface Token {
  text: string;
  lower: string;
  start: number;
  end: number;
  shape: Shape;
}

const WORD = /[\p{L}\p{M}](?:[\p{L}\p{M}'’-]*[\p{L}\p{M}])?/gu;
const UPPER = /\p{Lu}/u;
const LOWER = /\p{Ll}/u;

function shapeOf(word: string): Shape {
  const code = word.charCodeAt(0);
  if (code < 128) {
    if (code >= 97 && code <= 122) return 'lower';
    if (code < 65 || code > 90) return 'other';
    if (word.length === 1) return 'title';
    for (let i = 1; i < word.length; i++) {
      const c = word.charCodeAt(i);
      if ((c >= 97 && c <= 122) || (c > 127 && LOWER.test(word[i] ?? ''))) return 'title';
    }
    return 'upper';
  }
  const first = word[0] ?? '';
  if (UPPER.test(first)) {
    if (word.length > 1 && !LOWER.test(word)) return 'upper';
    return 'title';
  }
  if (LOWER.test(first)) return 'lower';
  return 'other';
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(WORD)) {
    const word = m[0];
    tokens.push({ text: word, lower: word.toLowerCase(), start: m.index, end: m.index + word.length, shape: shapeOf(word) });
  }
  return tokens;
}

export interface TextCasing {
  /** No upper-case letters at all: names cannot be told by capitals. */
  allLower: boolean;
  /** Mostly capitals: every word looks like a name. */
  mostlyUpper: boolean;
}

export function casingOf(text: string): TextCasing {
  let upper = 0;
  let lower = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 65 && code <= 90) upper++;
    else if (code >= 97 && code <= 122) lower++;
    else if (code > 127) {
      const ch = text[i] ?? '';
      if (ch !== ch.toLowerCase()) upper++;
      else if (ch !== ch.toUpperCase()) lower++;
    }
  }
  return { allLower: upper === 0 && lower > 0, mostlyUpper: upper > 3 * lower && upper > 8 };
}

/** A token that may begin a proper noun given the casing of the whole text. */
export function isCapitalised(token: Token, casing: TextCasing): boolean {
  if (token.shape === 'title' || token.shape === 'upper') return true;
  return casing.allLower && token.shape === 'lower';
}

/** Text between two tokens. */
export function gap(text: string, left: Token, right: Token): string {
  return text.slice(left.end, right.start);
}
