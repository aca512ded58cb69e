/**
 * A weighted attack signal. `pattern` matches lower-cased, whitespace-collapsed text and only runs when one of
 * its `triggers` occurs (see triggers.ts), or one of its `substrings` for punctuation cues. Weights combine as a
 * noisy-OR in detect.ts.
 */
export interface Signal {
  family: string;
  weight: number;
  pattern: RegExp;
  triggers: readonly string[];
  substrings?: readonly string[];
  /**
   * Also read when this matches a character of the text: a script's letters, for languages the word look-up does not
   * cut into words (one scan, where a list of substrings in those scripts is searched once per word of the list).
   */
  script?: RegExp;
  /** Read only in texts of at most this many characters (a short request, not a document). */
  maxChars?: number;
  /** Not read in a text where this matches anywhere (the same words asked as a how-to question). */
  unless?: RegExp;
}

/**
 * The non-English persona, output-hijack and prefix-injection rules read prompts of at most this many characters (a long
 * jailbreak prompt is a few thousand): their Unicode look-behinds cost more per character than the English rules' (1 MB
 * of "ты ии без " in about half a second).
 */
export const FOREIGN_JAILBREAK_MAX_CHARS = 20_000;

const NO_LETTER_BEFORE = '(?<![\\p{L}])';

/**
 * The same expression with each branch that opens on `(?<![\p{L}])` (no letter before) checked for it after the branch
 * matched instead: `(?<![\p{L}])X` becomes `(?<lbN>X)(?<![\p{L}]\k<lbN>)`, the letter before the text X matched. Opening
 * on the look-behind, irregexp tried it (a Unicode class read backwards) at every position of the text, before the words
 * after it; now it runs where a branch matched. The matches and their indices are the same: the look-behind reads the
 * one character before where X started.
 */
export function letterStartChecked(pattern: RegExp): RegExp {
  let group = 0;
  /** The end of the branch that starts at `from`: the next `|` or `)` at its depth. */
  const branchEnd = (source: string, from: number): number => {
    let depth = 0;
    let inClass = false;
    for (let k = from; k < source.length; k++) {
      const c = source[k];
      if (c === '\\') k++;
      else if (inClass) inClass = c !== ']';
      else if (c === '[') inClass = true;
      else if (c === '(') depth++;
      else if (c === ')' && depth-- === 0) return k;
      else if (c === '|' && depth === 0) return k;
    }
    return source.length;
  };
  const rewrite = (source: string): string => {
    let out = '';
    let at = 0;
    for (let start = source.indexOf(NO_LETTER_BEFORE); start >= 0; start = source.indexOf(NO_LETTER_BEFORE, at)) {
      const end = branchEnd(source, start + NO_LETTER_BEFORE.length);
      const name = `lb${group++}`;
      out += `${source.slice(at, start)}(?<${name}>${rewrite(source.slice(start + NO_LETTER_BEFORE.length, end))})(?<![\\p{L}]\\k<${name}>)`;
      at = end;
    }
    return out + source.slice(at);
  };
  return new RegExp(rewrite(pattern.source), pattern.flags);
}
