import { entity } from './candidates';
import type { TextCasing, Token } from './tokens';
import { casingOf, tokenize } from './tokens';
import type { DetectedEntity } from './types';

/** Shared state for the dictionary-and-context recognisers: tokens and the characters already claimed. */
export class NerContext {
  readonly tokens: Token[];
  readonly casing: TextCasing;
  readonly covered: Uint8Array;
  /** The text lower-cased once, when that keeps every offset (it does unless rare letters such as "İ" grow). */
  private readonly lower: string | undefined;

  constructor(
    readonly text: string,
    readonly out: DetectedEntity[],
  ) {
    this.tokens = tokenize(text);
    this.casing = casingOf(text);
    this.covered = new Uint8Array(text.length + 1);
    const lower = text.toLowerCase();
    this.lower = lower.length === text.length ? lower : undefined;
    for (const e of out) this.cover(e.start, e.end);
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
    const prefix = this.text.slice(Math.max(0, token.start - 4), token.start);
    return token.start === 0 || /(?:^|[.!?:;"“>\n]\s*)$/.test(prefix) || /^\s*$/.test(prefix) && token.start < 4;
  }
}

/** A single space (or a hyphen-less gap a name may span). */
export function isNameGap(gap: string): boolean {
  return gap === ' ' || gap === ' \ufeff' || gap === '\ufeff';
}
