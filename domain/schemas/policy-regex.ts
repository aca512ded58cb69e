// Safety checks for the custom regular expressions of policy rules. A prompt is untrusted input, so a
// pattern that can backtrack catastrophically would let a user stall the server with one message.
// The check is a star-height test in the spirit of safe-regex, extended with two refinements:
// bounded repetitions inside a fixed count (`(?:\d{1,3}\.){3}`) are allowed when their work stays small,
// and a repeated group whose alternatives can start with the same character (`(a|ab)*`) is refused.

export const MAX_POLICY_PATTERN_LENGTH = 300;
/** Flags every custom pattern is compiled with (plus `i` when the rule ignores case). */
export const POLICY_PATTERN_FLAGS = 'gu';
const MAX_BOUNDED_WORK = 100_000;

export type PatternProblem = 'empty' | 'too_long' | 'invalid' | 'matches_empty' | 'unsafe';

export const PATTERN_PROBLEM_MESSAGES: Record<PatternProblem, string> = {
  empty: 'Pattern is required',
  too_long: `Pattern must be at most ${MAX_POLICY_PATTERN_LENGTH} characters`,
  invalid: 'Pattern is not a valid regular expression',
  matches_empty: 'Pattern must not match empty text',
  unsafe: 'Pattern could take exponential time (nested or overlapping repetition such as (a+)+); simplify it',
};

/** The first problem of a custom pattern, or null when it may be used. */
export function patternProblem(pattern: string, ignoreCase = false): PatternProblem | null {
  if (!pattern) return 'empty';
  if (pattern.length > MAX_POLICY_PATTERN_LENGTH) return 'too_long';
  let compiled: RegExp;
  try {
    compiled = new RegExp(`^(?:${pattern})$`, ignoreCase ? 'ui' : 'u');
  } catch {
    return 'invalid';
  }
  if (!isSafePattern(pattern, ignoreCase)) return 'unsafe';
  if (compiled.test('')) return 'matches_empty';
  return null;
}

// ---- a small scanner over the pattern ------------------------------------------------------------

/** Character sets over ASCII, with one extra slot for "any other character". */
type CharSet = boolean[];
const OTHER = 128;
const emptySet = (): CharSet => new Array<boolean>(129).fill(false);
const fullSet = (): CharSet => new Array<boolean>(129).fill(true);

function setOf(test: (code: number) => boolean, other: boolean): CharSet {
  const set = emptySet();
  for (let code = 0; code < 128; code++) set[code] = test(code);
  set[OTHER] = other;
  return set;
}
const isDigit = (c: number) => c >= 48 && c <= 57;
const isWord = (c: number) => isDigit(c) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13);
const CLASS_ESCAPES: Record<string, () => CharSet> = {
  d: () => setOf(isDigit, false),
  D: () => setOf((c) => !isDigit(c), true),
  w: () => setOf(isWord, false),
  W: () => setOf((c) => !isWord(c), true),
  s: () => setOf(isSpace, true),
  S: () => setOf((c) => !isSpace(c), true),
};

function literal(ch: string, ignoreCase: boolean): CharSet {
  const set = emptySet();
  for (const variant of ignoreCase ? [ch.toLowerCase(), ch.toUpperCase()] : [ch]) {
    const code = variant.charCodeAt(0);
    set[code < 128 ? code : OTHER] = true;
  }
  return set;
}
const union = (a: CharSet, b: CharSet): CharSet => a.map((value, i) => value || b[i] === true);
const overlaps = (a: CharSet, b: CharSet): boolean => a.some((value, i) => value && b[i] === true);

interface Atom {
  first: CharSet;
  /** 0: no repetition inside; Infinity: an unbounded one; else the bounded work of the repetitions inside. */
  inner: number;
  /** A group whose alternatives can start with the same character. */
  ambiguous: boolean;
}

interface Frame {
  alternatives: CharSet[];
  current: CharSet | null;
  inner: number;
}

class UnsafePattern extends Error {}

function isSafePattern(pattern: string, ignoreCase: boolean): boolean {
  try {
    scan(pattern, ignoreCase);
    return true;
  } catch (error) {
    if (error instanceof UnsafePattern) return false;
    throw error;
  }
}

function scan(pattern: string, ignoreCase: boolean): void {
  const stack: Frame[] = [{ alternatives: [], current: null, inner: 0 }];
  let last: Atom | null = null;
  let i = 0;
  const top = () => stack[stack.length - 1]!;
  const push = (atom: Atom) => {
    const frame = top();
    frame.current ??= atom.first;
    frame.inner = Math.max(frame.inner, atom.inner);
    last = atom;
  };
  while (i < pattern.length) {
    const ch = pattern[i]!;
    if (ch === '\\') {
      const [set, next] = readEscape(pattern, i, ignoreCase);
      i = next;
      if (set) push({ first: set, inner: 0, ambiguous: false });
      else last = null;
      continue;
    }
    if (ch === '[') {
      const [set, next] = readClass(pattern, i, ignoreCase);
      i = next;
      push({ first: set, inner: 0, ambiguous: false });
      continue;
    }
    if (ch === '(') {
      i = skipGroupPrefix(pattern, i + 1);
      stack.push({ alternatives: [], current: null, inner: 0 });
      last = null;
      continue;
    }
    if (ch === ')') {
      const frame = stack.pop()!;
      frame.alternatives.push(frame.current ?? emptySet());
      const ambiguous = frame.alternatives.some((a, x) => frame.alternatives.some((b, y) => x < y && overlaps(a, b)));
      push({ first: frame.alternatives.reduce(union, emptySet()), inner: frame.inner, ambiguous });
      i++;
      continue;
    }
    if (ch === '|') {
      const frame = top();
      frame.alternatives.push(frame.current ?? emptySet());
      frame.current = null;
      last = null;
      i++;
      continue;
    }
    const quantifier = readQuantifier(pattern, i);
    if (quantifier) {
      i = quantifier.next;
      if (last) top().inner = Math.max(top().inner, repeat(last, quantifier.min, quantifier.max));
      last = null;
      continue;
    }
    if (ch === '^' || ch === '$') {
      i++;
      continue;
    }
    push({ first: ch === '.' ? fullSet() : literal(ch, ignoreCase), inner: 0, ambiguous: false });
    i++;
  }
}

/** The work of repeating an atom min..max times; throws when it could be exponential. */
function repeat(atom: Atom, min: number, max: number): number {
  if (max <= 1) return atom.inner;
  const variable = max === Infinity || max > min;
  if (atom.ambiguous && variable) throw new UnsafePattern();
  if (atom.inner === 0) return max;
  if (variable || atom.inner === Infinity) throw new UnsafePattern();
  const work = atom.inner ** max;
  if (work > MAX_BOUNDED_WORK) throw new UnsafePattern();
  return work;
}

function readQuantifier(pattern: string, i: number): { min: number; max: number; next: number } | null {
  const ch = pattern[i];
  let result: { min: number; max: number; next: number } | null = null;
  if (ch === '*') result = { min: 0, max: Infinity, next: i + 1 };
  else if (ch === '+') result = { min: 1, max: Infinity, next: i + 1 };
  else if (ch === '?') result = { min: 0, max: 1, next: i + 1 };
  else if (ch === '{') {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
    if (m) {
      const min = Number(m[1]);
      const max = m[2] === undefined ? min : m[3] ? Number(m[3]) : Infinity;
      result = { min, max, next: i + m[0].length };
    }
  }
  if (result && pattern[result.next] === '?') result.next++;
  return result;
}

function skipGroupPrefix(pattern: string, i: number): number {
  if (pattern[i] !== '?') return i;
  const named = /^\?<([A-Za-z_$][\w$]*)>/.exec(pattern.slice(i));
  if (named) return i + named[0].length;
  const lookaround = /^\?(?::|=|!|<=|<!)/.exec(pattern.slice(i));
  return lookaround ? i + lookaround[0].length : i + 1;
}

/** An escape outside a class: its character set, or null for a zero-width assertion. */
function readEscape(pattern: string, i: number, ignoreCase: boolean): [CharSet | null, number] {
  const next = pattern[i + 1] ?? '';
  if (next === 'b' || next === 'B') return [null, i + 2];
  const classEscape = CLASS_ESCAPES[next];
  if (classEscape) return [classEscape(), i + 2];
  const braced = /^\\(?:[pP]\{[^}]*\}|u\{[0-9a-fA-F]+\}|k<[^>]*>)/.exec(pattern.slice(i));
  if (braced) return [fullSet(), i + braced[0].length];
  const hex = /^\\(?:x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4})/.exec(pattern.slice(i));
  if (hex) return [literal(String.fromCharCode(parseInt(hex[0].slice(2), 16)), ignoreCase), i + hex[0].length];
  if (/[1-9]/.test(next)) return [fullSet(), i + 2];
  const controls: Record<string, string> = { n: '\n', r: '\r', t: '\t', f: '\f', v: '\v', '0': '\0' };
  return [literal(controls[next] ?? next, ignoreCase), i + 2];
}

function readClass(pattern: string, start: number, ignoreCase: boolean): [CharSet, number] {
  let i = start + 1;
  const negated = pattern[i] === '^';
  if (negated) i++;
  let set = emptySet();
  let previous: string | null = null;
  while (i < pattern.length && pattern[i] !== ']') {
    let ch = pattern[i]!;
    if (ch === '\\') {
      const next = pattern[i + 1] ?? '';
      const classEscape = CLASS_ESCAPES[next];
      if (classEscape || next === 'p' || next === 'P') {
        set = union(set, classEscape ? classEscape() : fullSet());
        const braced = /^\\[pP]\{[^}]*\}/.exec(pattern.slice(i));
        i += braced ? braced[0].length : 2;
        previous = null;
        continue;
      }
      ch = next;
      i++;
    }
    if (ch === '-' && previous !== null && pattern[i + 1] && pattern[i + 1] !== ']') {
      const to = pattern[i + 1] === '\\' ? (pattern[i + 2] ?? '') : pattern[i + 1]!;
      i += pattern[i + 1] === '\\' ? 3 : 2;
      for (let code = previous.charCodeAt(0); code <= to.charCodeAt(0) && code < 0x10000; code++) {
        set = union(set, literal(String.fromCharCode(code), ignoreCase));
        if (code >= 128) break;
      }
      if (to.charCodeAt(0) >= 128) set[OTHER] = true;
      previous = null;
      continue;
    }
    set = union(set, literal(ch, ignoreCase));
    previous = ch;
    i++;
  }
  return [negated ? set.map((value) => !value) : set, i + 1];
}
