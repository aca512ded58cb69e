import { countTokens as countGptTokens, encode } from 'gpt-tokenizer';

// The tokenizer's byte-pair merging is quadratic in the length of one pre-token, and a pre-token is a run of letters,
// of punctuation or of white space: 40,000 "a"s took 1.5 s, a million would take minutes. Runs that long never occur
// in prose, so they are handled apart (counted from a sample, encoded in short pieces): every other text is counted
// exactly, and the time stays linear in the text's length.
const LONG_RUN = 256;
const RUN_PIECE = 64;

const enum CharClass {
  Letter,
  Digit,
  Space,
  Other,
}

const LETTER = /\p{L}/u;
const SPACE = /\s/;

function classAt(text: string, index: number): CharClass {
  const code = text.charCodeAt(index);
  if (code < 128) {
    if ((code >= 97 && code <= 122) || (code >= 65 && code <= 90)) return CharClass.Letter;
    if (code >= 48 && code <= 57) return CharClass.Digit;
    return code === 32 || (code >= 9 && code <= 13) ? CharClass.Space : CharClass.Other;
  }
  const char = text[index]!;
  if (LETTER.test(char)) return CharClass.Letter;
  return SPACE.test(char) ? CharClass.Space : CharClass.Other;
}

const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

interface Piece {
  text: string;
  /** For a long run: its length; only its first RUN_PIECE characters are in `text`. */
  runLength?: number;
}

/** The text in pieces the tokenizer handles in linear time: the stretches between long runs, and the long runs apart. */
function piecesOf(text: string): Piece[] {
  if (text.length < LONG_RUN) return [{ text }];
  const pieces: Piece[] = [];
  let pieceStart = 0;
  let runStart = 0;
  let runClass = -1;
  for (let index = 0; index <= text.length; index++) {
    const charClass = index < text.length ? classAt(text, index) : -2;
    if (charClass === runClass) continue;
    // Digits are taken three at a time whatever the run's length: no need to cut them.
    if (index - runStart >= LONG_RUN && runClass !== CharClass.Digit) {
      if (runStart > pieceStart) pieces.push({ text: text.slice(pieceStart, runStart) });
      pieces.push({ text: text.slice(runStart, index), runLength: index - runStart });
      pieceStart = index;
    }
    runStart = index;
    runClass = charClass;
  }
  if (pieceStart < text.length) pieces.push({ text: text.slice(pieceStart) });
  return pieces;
}

/** A long run in pieces of RUN_PIECE characters, never cutting a surrogate pair. */
function* runPieces(run: string): Generator<string> {
  for (let at = 0; at < run.length; ) {
    let to = Math.min(run.length, at + RUN_PIECE);
    if (to < run.length && isLowSurrogate(run.charCodeAt(to))) to++;
    yield run.slice(at, to);
    at = to;
  }
}

// Text naming special tokens (e.g. "<|endoftext|>") is counted as plain text, not refused.
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

/** Texts whose count is kept: a prompt is counted by several stages (guard, policies, llm), an answer by two. */
const MEMO_ENTRIES = 256;
/** Longer texts are counted each time rather than kept (a document's text would hold memory for one reuse). */
const MEMO_MAX_CHARS = 16_384;
const memo = new Map<string, number>();

/**
 * Tokens of a text by the cl100k/o200k family tokenizer: a provider-neutral measure for the non-LLM stages. A long
 * run (hundreds of one letter, of punctuation or of spaces) is estimated from its first piece: even counted piece by
 * piece, random letters cost the tokenizer microseconds a character.
 */
export function countTokens(text: string): number {
  if (!text) return 0;
  const known = memo.get(text);
  if (known !== undefined) return known;
  const count = tokenize(text);
  if (text.length <= MEMO_MAX_CHARS) {
    memo.set(text, count);
    if (memo.size > MEMO_ENTRIES) memo.delete(memo.keys().next().value!);
  }
  return count;
}

function tokenize(text: string): number {
  try {
    let count = 0;
    for (const piece of piecesOf(text)) {
      if (piece.runLength === undefined) {
        count += countGptTokens(piece.text, PLAIN_TEXT);
        continue;
      }
      const sample = runPieces(piece.text).next().value!;
      count += Math.max(1, Math.round((countGptTokens(sample, PLAIN_TEXT) * piece.runLength) / sample.length));
    }
    return count;
  } catch {
    return Math.ceil([...text].length / 4);
  }
}

/** The tokens of a text, long runs encoded piece by piece: decoding them gives the text back. */
export function encodeTokens(text: string): number[] {
  const tokens: number[] = [];
  for (const piece of piecesOf(text)) {
    for (const part of piece.runLength === undefined ? [piece.text] : runPieces(piece.text)) {
      for (const token of encode(part, PLAIN_TEXT)) tokens.push(token);
    }
  }
  return tokens;
}
