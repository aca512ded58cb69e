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
