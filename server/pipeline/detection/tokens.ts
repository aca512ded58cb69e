export type Shape = 'title' | 'upper' | 'lower' | 'other';

/**
 * A word of the text. Its text and lower-case form are cut only when read: most words are lower-case and the
 * recognisers never look at their letters, and a scan of a 4 KB prompt meets some 700 words.
 */
export class Token {
  private cachedText: string | undefined;
  private cachedLower: string | undefined;

  constructor(
    private source: string,
    public start: number,
    public end: number,
    public shape: Shape,
  ) {}

  /** Points a pooled token at another word (see tokenize's `reuse`). */
  reset(source: string, start: number, end: number, shape: Shape): void {
    this.source = source;
    this.start = start;
    this.end = end;
    this.shape = shape;
    this.cachedText = undefined;
    this.cachedLower = undefined;
  }

  get text(): string {
    return (this.cachedText ??= this.source.slice(this.start, this.end));
  }

  get lower(): string {
    return (this.cachedLower ??= this.text.toLowerCase());
  }
}

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

const LETTER_OR_MARK = /^[\p{L}\p{M}]$/u;
// Whether each BMP character is a letter or mark, filled in as characters are met (0 unknown, 1 yes, 2 no).
const BMP_LETTER_OR_MARK = new Uint8Array(65536);

function isLetterOrMark(codePoint: number): boolean {
  if (codePoint < 128) return (codePoint >= 97 && codePoint <= 122) || (codePoint >= 65 && codePoint <= 90);
  if (codePoint > 0xffff) return LETTER_OR_MARK.test(String.fromCodePoint(codePoint));
  let known = BMP_LETTER_OR_MARK[codePoint];
  if (known === 0) {
    known = LETTER_OR_MARK.test(String.fromCharCode(codePoint)) ? 1 : 2;
    BMP_LETTER_OR_MARK[codePoint] = known;
  }
  return known === 1;
}

/**
 * The words of `text`: the matches of /[\p{L}\p{M}](?:[\p{L}\p{M}'’-]*[\p{L}\p{M}])?/gu (a letter or mark, then
 * letters, marks, apostrophes and hyphens ending in a letter or mark), cut by a hand-written scan that walks code
 * points as the `u` flag does, without a match object per word (tokens.test.ts checks it against the pattern).
 */
/** shapeOf(text.slice(start, end)) for a word opening with an ASCII character, without cutting it out. */
function asciiShapeAt(text: string, start: number, end: number): Shape {
  const code = text.charCodeAt(start);
  if (code >= 97 && code <= 122) return 'lower';
  if (code < 65 || code > 90) return 'other';
  if (end - start === 1) return 'title';
  for (let i = start + 1; i < end; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c > 127 && LOWER.test(text[i] ?? ''))) return 'title';
  }
  return 'upper';
}

export function tokenize(text: string, reuse?: Token[]): Token[] {
  // With `reuse`, its tokens are re-pointed and the array refilled: the caller's tokens from its previous text are
  // gone, and a scan allocates no token objects (some 700 for a 4 KB prompt).
  const tokens: Token[] = reuse ?? [];
  let count = 0;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const code = text.charCodeAt(i);
    const first = code < 0xd800 ? code : (text.codePointAt(i) as number);
    if (!isLetterOrMark(first)) {
      i += first > 0xffff ? 2 : 1;
      continue;
    }
    const start = i;
    i += first > 0xffff ? 2 : 1;
    let end = i;
    while (i < n) {
      const c = text.charCodeAt(i);
      const point = c < 0xd800 ? c : (text.codePointAt(i) as number);
      if (isLetterOrMark(point)) {
        i += point > 0xffff ? 2 : 1;
        end = i;
      } else if (point === 39 || point === 0x2019 || point === 45) i++;
      else break;
    }
    const shape = first < 128 ? asciiShapeAt(text, start, end) : shapeOf(text.slice(start, end));
    const pooled = tokens[count];
    if (pooled) pooled.reset(text, start, end, shape);
    else tokens.push(new Token(text, start, end, shape));
    count++;
    i = end;
  }
  tokens.length = count;
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
  const n = text.length;
  for (let i = 0; i < n; i++) {
    // Once a capital is seen and even all the characters left could not make capitals three times the lower-case
    // letters, both answers are known to be false: ordinary prose stops a third of the way in.
    if (upper > 0 && upper + (n - i) <= 3 * lower) return { allLower: false, mostlyUpper: false };
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
