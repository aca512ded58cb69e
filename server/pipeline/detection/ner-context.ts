import { entity } from './candidates';
import { PLACE_FIRST_WORDS } from './gazetteer';
import type { TextCasing, Token } from './tokens';
import { casingOf, tokenize } from './tokens';
import type { DetectedEntity } from './types';

// The covered marks of the text being scanned, reused from one text to the next: detection is synchronous and a
// context does not outlive detectEntities, and a fresh 4 KB array per scan is memory the collector must reclaim.
let coveredBuffer = new Uint8Array(8192);
let placeOpenersBuffer = new Uint8Array(2048);
// Likewise the tokens: re-pointed at the words of each new text instead of allocated afresh.
const tokenPool: Token[] = [];

/** Shared state for the dictionary-and-context recognisers: tokens and the characters already claimed. */
export class NerContext {
  readonly tokens: Token[];
  readonly casing: TextCasing;
  readonly covered: Uint8Array;
  /** Per token: 0 not looked up yet, 1 opens a place name, 2 does not. */
  private readonly placeOpeners: Uint8Array;
  /** The text lower-cased once, when that keeps every offset (it does unless rare letters such as "İ" grow). */
  private readonly lower: string | undefined;

  constructor(
    readonly text: string,
    readonly out: DetectedEntity[],
  ) {
    this.tokens = tokenize(text, tokenPool);
    if (placeOpenersBuffer.length < this.tokens.length) placeOpenersBuffer = new Uint8Array(Math.max(this.tokens.length, placeOpenersBuffer.length * 2));
    placeOpenersBuffer.fill(0, 0, this.tokens.length);
    this.placeOpeners = placeOpenersBuffer.subarray(0, this.tokens.length);
    this.casing = casingOf(text);
    if (coveredBuffer.length < text.length + 1) coveredBuffer = new Uint8Array(Math.max(text.length + 1, coveredBuffer.length * 2));
    coveredBuffer.fill(0, 0, text.length + 1);
    this.covered = coveredBuffer.subarray(0, text.length + 1);
    const lower = text.toLowerCase();
    this.lower = lower.length === text.length ? lower : undefined;
    for (const e of out) this.cover(e.start, e.end);
  }

  /**
   * Whether token i is the first word of a known place name (PLACE_FIRST_WORDS), remembered per token: both
   * location passes ask for most capitalised words, and a look-up in a set that large misses the processor's cache.
   */
  opensPlaceName(i: number): boolean {
    let known = this.placeOpeners[i];
    if (known === 0) {
      known = PLACE_FIRST_WORDS.has((this.tokens[i] as Token).lower) ? 1 : 2;
      this.placeOpeners[i] = known;
    }
    return known === 1;
  }

  cover(start: number, end: number): void {
    this.covered.fill(1, start, end);
  }

  isFree(start: number, end: number): boolean {
    for (let i = start; i < end; i++) if (this.covered[i] === 1) return false;
    return true;
  }

  emit(type: string, start: number, end: number, score: number): void {
    this.out.push(entity(this.text, type, start, end, score));
    this.cover(start, end);
  }

  /** Text between token i and token i + 1 (empty string past the end). */
  gapAfter(i: number): string {
    const left = this.tokens[i];
    const right = this.tokens[i + 1];
    if (!left || !right) return '';
    return this.text.slice(left.end, right.start);
  }

  /** The few characters before token i, lower-cased, for cue matching. */
  before(i: number, width = 32): string {
    const token = this.tokens[i];
    if (!token) return '';
    const from = Math.max(0, token.start - width);
    return this.lower !== undefined ? this.lower.slice(from, token.start) : this.text.slice(from, token.start).toLowerCase();
  }

  /** Whether token i begins a sentence or line (so its capital says nothing). */
  startsSentence(i: number): boolean {
    const token = this.tokens[i];
    if (!token) return false;
    // The four characters before the token, read backwards without cutting them out: a sentence mark followed by
    // white space only (/[.!?:;"“>\n]\s*$/), or nothing but white space back to a start of text less than four away.
    const from = Math.max(0, token.start - 4);
    for (let k = token.start - 1; k >= from; k--) {
      const code = this.text.charCodeAt(k);
      if (isSentenceMark(code)) return true;
      if (!isSpaceCode(code)) return false;
    }
    return token.start < 4;
  }
}

/** A single space (or a hyphen-less gap a name may span). */
export function isNameGap(gap: string): boolean {
  return gap === ' ' || gap === ' \ufeff' || gap === '\ufeff';
}

function isSentenceMark(code: number): boolean {
  return code === 46 || code === 33 || code === 63 || code === 58 || code === 59 || code === 34 || code === 0x201c || code === 62 || code === 10;
}

/** The characters `\s` matches in a regular expression. */
export function isSpaceCode(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 0xa0) return false;
  return code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 ||
    code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}
