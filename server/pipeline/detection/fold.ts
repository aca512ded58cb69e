// Evasion normalisation before detection: what a user (or an attacker) writes to slip a value or an instruction past
// pattern matching, folded back to the plain form the detectors know, with an offset map so that spans found in the
// folded text are reported on the user's original characters (redaction and placeholders replace exactly those).
//
//   - invisible characters (zero-width spaces and joiners, word joiners, BOM, soft hyphen, variation selectors,
//     bidirectional controls) are dropped, as are combining marks stacked on, drawn through or put on every one of
//     ASCII letters ("z̷a̷l̷g̷o̷"); an accent written apart from its ASCII letter is joined to it;
//   - Unicode tag characters (U+E0020..U+E007E, "ASCII smuggling") become the ASCII they spell, runs of variation
//     selectors that spell UTF-8 bytes ("emoji smuggling": VS1-VS16 the bytes 0-15, VS17-VS256 16-255) the text they
//     spell, regional indicator symbols (U+1F1E6..U+1F1FF, drawn as flags in pairs) the capital letters they stand for;
//   - every other non-ASCII character is NFKC-normalised on its own ("４１１１" → "4111", "ｊｏｈｎ" → "john", no-break
//     and ideographic spaces → " ", "ﬁ" → "fi");
//   - look-alikes of Latin letters (Cyrillic, Greek, Armenian, Cherokee, Latin small capitals and IPA letters; the
//     mathematical alphanumerics and enclosed letters are NFKC's) are folded in words that mix them with Latin letters
//     or digits, and in words made only of look-alikes when the text is mostly Latin ("јоhn", "Раypal", "ɪɢɴᴏʀᴇ");
//   - e-mail addresses with spelled-out separators ("john DOT smith AT example DOT com", "john(at)example[dot]com",
//     "jane at example dot org") get "@" and "." back.
//
// Each step only runs when the text holds what it folds, so a plain ASCII prompt costs two pattern tests.
import { DOMAIN_TLDS } from './tld';

/** Folded text and, when it differs from the original, each folded character's range in the original. */
export interface FoldedText {
  text: string;
  /** Original start of folded character i; null when the text was left as it was. */
  starts: Int32Array | null;
  /** Original end (exclusive) of folded character i. */
  ends: Int32Array | null;
}

interface Edit {
  start: number;
  end: number;
  replacement: string;
}

const INVISIBLE = new Set<number>([
  0x00ad, 0x034f, 0x061c, 0x115f, 0x1160, 0x17b4, 0x17b5, 0x180b, 0x180c, 0x180d, 0x180e, 0x180f, 0x200b, 0x200c, 0x200d,
  0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0x2066, 0x2067,
  0x2068, 0x2069, 0x206a, 0x206b, 0x206c, 0x206d, 0x206e, 0x206f, 0x3164, 0xfeff, 0xffa0,
]);

/**
 * Arabic vowel marks and Quranic annotations, the tatweel that stretches a word, and Hebrew points: optional in the
 * scripts' everyday writing, so inserting them ("انسَ") changes nothing a reader sees and the detectors read without them.
 */
function isOptionalMark(code: number): boolean {
  return (code >= 0x064b && code <= 0x065f) || code === 0x0670 || code === 0x0640 || (code >= 0x06d6 && code <= 0x06ed) || (code >= 0x0591 && code <= 0x05c7 && code !== 0x05be && code !== 0x05c0 && code !== 0x05c3 && code !== 0x05c6);
}

function isInvisible(code: number): boolean {
  return INVISIBLE.has(code) || selectorByte(code) >= 0 || code === 0xe0001 || code === 0xe007f;
}

/** The byte a variation selector stands for in "emoji smuggling" (VS1-VS16 the bytes 0-15, VS17-VS256 16-255), or -1. */
function selectorByte(code: number): number {
  if (code >= 0xfe00 && code <= 0xfe0f) return code - 0xfe00;
  if (code >= 0xe0100 && code <= 0xe01ef) return code - 0xe0100 + 16;
  return -1;
}

// Cyrillic and Greek letters drawn like Latin ones (the Unicode confusables of the basic Latin letters).
const HOMOGLYPHS: Readonly<Record<string, string>> = {
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x', ѕ: 's', і: 'i',
  ї: 'i', ј: 'j', ԁ: 'd', ԛ: 'q', ԝ: 'w', һ: 'h', ү: 'y', ӏ: 'l', ɡ: 'g',
  А: 'A', В: 'B', Е: 'E', Ё: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', Х: 'X', У: 'Y', Ѕ: 'S', І: 'I',
  Ј: 'J', Ԁ: 'D', Ԛ: 'Q', Ԝ: 'W', Һ: 'H', Ү: 'Y', Ӏ: 'I',
  α: 'a', ο: 'o', ρ: 'p', ν: 'v', ι: 'i', κ: 'k', τ: 't', υ: 'u', χ: 'x', ε: 'e', ϲ: 'c', ϳ: 'j',
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X', Ϲ: 'C',
  // Armenian, Cherokee, Latin small capitals and IPA letters that NFKC leaves as they are.
  օ: 'o', ս: 'u', ց: 'g', հ: 'h', ո: 'n', ռ: 'n', ք: 'p', զ: 'q', Տ: 'S', Օ: 'O', Ս: 'U',
  Ꭺ: 'A', Ᏼ: 'B', Ꮯ: 'C', Ꭼ: 'E', Ꮋ: 'H', Ꭻ: 'J', Ꮶ: 'K', Ꮇ: 'M', Ꮲ: 'P', Ꮪ: 'S', Ꭲ: 'T', Ꮃ: 'W', Ꮓ: 'Z',
  ᴀ: 'a', ʙ: 'b', ᴄ: 'c', ᴅ: 'd', ᴇ: 'e', ɢ: 'g', ʜ: 'h', ɪ: 'i', ᴊ: 'j', ᴋ: 'k', ʟ: 'l', ᴍ: 'm', ɴ: 'n', ᴏ: 'o',
  ᴘ: 'p', ʀ: 'r', ꜱ: 's', ᴛ: 't', ᴜ: 'u', ᴠ: 'v', ᴡ: 'w', ʏ: 'y', ᴢ: 'z', ɑ: 'a', ɩ: 'i', ı: 'i', ȷ: 'j',
};

// Any of them: most texts with a non-ASCII character hold only quotes, dashes or accents, and need no word-by-word look.
const ANY_HOMOGLYPH = new RegExp(`[${Object.keys(HOMOGLYPHS).join('')}]`, 'u');
const NON_ASCII = /[\u0080-\uffff]/;
const LATIN_OR_DIGIT = /[A-Za-z0-9]/;
const LETTER = /\p{L}/u;
// A word for the look-alike rule: letters, marks and digits.
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
// Spelled-out "at" of an e-mail address (bracketed in any case, or between spaces), or an "@" with spaces around it.
const SPELLED_AT = /[([{<]\s*at\s*[)\]}>]\s*|\s(?:at|AT|At)\s+|@\s+|\s@\s*/g;
const HAS_SPELLED_AT = /[([{<]\s*at\s*[)\]}>]|\sat\s|\s@|@\s/i;
// A label then a spelled-out or plain dot, read forward from just after an "at".
const DOMAIN_PART = /([A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\s*[([{<]\s*dot\s*[)\]}>]\s*|\s+(?:dot|DOT|Dot)\s+|\.)?/y;
// A spelled-out or plain dot ending just before a local-part word (read on the few characters before it).
const DOT_BEFORE = /(?:\s*[([{<]\s*dot\s*[)\]}>]\s*|\s+(?:dot|DOT|Dot)\s+|\.)$/;
const LOCAL_CHAR = /[A-Za-z0-9_%+-]/;

/** The text the detectors read, with the map back to the original when anything was folded. */
export function foldForDetection(text: string, emails = true): FoldedText {
  let current = text;
  let starts: Int32Array | null = null;
  let ends: Int32Array | null = null;
  const step = (edits: Edit[]) => {
    if (edits.length === 0) return;
    const applied = applyEdits(current, edits);
    if (starts === null || ends === null) {
      starts = applied.starts;
      ends = applied.ends;
    } else {
      const s = new Int32Array(applied.text.length);
      const e = new Int32Array(applied.text.length);
      for (let i = 0; i < applied.text.length; i++) {
        s[i] = starts[applied.starts[i]!]!;
        e[i] = ends[applied.ends[i]! - 1]!;
      }
      starts = s;
      ends = e;
    }
    current = applied.text;
  };
  if (NON_ASCII.test(current)) {
    step(characterEdits(current));
    if (NON_ASCII.test(current)) step(homoglyphEdits(current));
  }
  if (emails && HAS_SPELLED_AT.test(current)) step(emailEdits(current));
  return { text: current, starts, ends };
}

/** The characters folded (no e-mail separators), without offsets: what the prompt guard reads. */
export function foldCharacters(text: string): string {
  return NON_ASCII.test(text) ? foldForDetection(text, false).text : text;
}

/** Original [start, end) of the folded span [start, end). */
export function originalSpan(folded: FoldedText, start: number, end: number): [number, number] {
  if (folded.starts === null || folded.ends === null) return [start, end];
  if (end <= start) {
    const at = start < folded.starts.length ? folded.starts[start]! : (folded.ends[folded.ends.length - 1] ?? 0);
    return [at, at];
  }
  return [folded.starts[start]!, folded.ends[end - 1]!];
}

/** Combining diacritics: the basic block, its extension and supplement, those for symbols and the half marks. */
function isCombining(code: number): boolean {
  return (code >= 0x0300 && code <= 0x036f) || (code >= 0x1ab0 && code <= 0x1aff) || (code >= 0x1dc0 && code <= 0x1dff) || (code >= 0x20d0 && code <= 0x20ff) || (code >= 0xfe20 && code <= 0xfe2f);
}

/** Marks drawn through or around a letter ("i̴g̴n̴o̴r̴e̴"): never an accent of a language. */
function isOverlay(code: number): boolean {
  return (code >= 0x0334 && code <= 0x0338) || (code >= 0x20d0 && code <= 0x20ff);
}

/**
 * The combining marks after the ASCII character at `base`, from `start` to `end`: an accent written apart ("e" + U+0301)
 * becomes the accented letter; stacked marks, overlays and marks on letter after letter ("z̷a̷l̷g̷o̷", "ḯ̈g̈n̈") are dropped.
 */
function markEdits(text: string, base: number, start: number, end: number, edits: Edit[]): void {
  const code = text.charCodeAt(start);
  const markedBefore = base > 0 && isCombining(text.charCodeAt(base - 1));
  const markedAfter = end + 1 < text.length && text.charCodeAt(end) < 0x80 && isCombining(text.charCodeAt(end + 1));
  if (end - start === 1 && !isOverlay(code) && !markedBefore && !markedAfter) {
    const composed = text.slice(base, end).normalize('NFC');
    if (composed.length === 1) {
      edits.push({ start: base, end, replacement: composed });
      return;
    }
  }
  edits.push({ start, end, replacement: '' });
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });
/** Decoded smuggled text holds no control characters but line breaks and tabs. */
function holdsControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a) || code === 0x7f) return true;
  }
  return false;
}
/** Fewer variation selectors in a row are an emoji's presentation selector, doubled by a careless copy. */
const MIN_SMUGGLED_BYTES = 3;

/**
 * The text spelled by the run of variation selectors at `start`, one byte each, when the bytes are UTF-8 of printable
 * text: an emoji draws the same with them, and a model reads them.
 */
function smuggledBytes(text: string, start: number): { text: string; end: number } | undefined {
  const bytes: number[] = [];
  let i = start;
  while (i < text.length) {
    const point = text.codePointAt(i) as number;
    const byte = selectorByte(point);
    if (byte < 0) break;
    bytes.push(byte);
    i += point > 0xffff ? 2 : 1;
  }
  if (bytes.length < MIN_SMUGGLED_BYTES) return undefined;
  try {
    const decoded = STRICT_UTF8.decode(Uint8Array.from(bytes));
    return holdsControl(decoded) ? undefined : { text: decoded, end: i };
  } catch {
    return undefined;
  }
}

function characterEdits(text: string): Edit[] {
  const edits: Edit[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (i > 0 && isCombining(code) && text.charCodeAt(i - 1) < 0x80) {
      let end = i + 1;
      while (end < text.length && isCombining(text.charCodeAt(end))) end++;
      markEdits(text, i - 1, i, end, edits);
      i = end - 1;
      continue;
    }
    const point = text.codePointAt(i) as number;
    const width = point > 0xffff ? 2 : 1;
    const smuggled = selectorByte(point) >= 0 ? smuggledBytes(text, i) : undefined;
    if (smuggled !== undefined) {
      edits.push({ start: i, end: smuggled.end, replacement: ` ${smuggled.text} ` });
      i = smuggled.end - 1;
      continue;
    }
    if (isInvisible(point) || isOptionalMark(point)) edits.push({ start: i, end: i + width, replacement: '' });
    else if (point >= 0xe0020 && point <= 0xe007e) edits.push({ start: i, end: i + width, replacement: String.fromCharCode(point - 0xe0000) });
    // Regional indicator symbols: letters that pairs of draw as flags ("🇮🇬🇳🇴🇷🇪" reads IGNORE).
    else if (point >= 0x1f1e6 && point <= 0x1f1ff) edits.push({ start: i, end: i + width, replacement: String.fromCharCode(65 + point - 0x1f1e6) });
    else {
      const ch = text.slice(i, i + width);
      const folded = ch.normalize('NFKC');
      if (folded !== ch) edits.push({ start: i, end: i + width, replacement: folded.replace(/\s/g, ' ') });
    }
    i += width - 1;
  }
  return edits;
}

function homoglyphEdits(text: string): Edit[] {
  if (!ANY_HOMOGLYPH.test(text)) return [];
  let latin = 0;
  let other = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122)) latin++;
    else if ((code >= 0x370 && code <= 0x58f) || (code >= 0x13a0 && code <= 0x13ff)) other++;
  }
  const mostlyLatin = latin > other;
  const edits: Edit[] = [];
  for (const m of text.matchAll(WORD)) {
    const word = m[0];
    let confusable = false;
    let allConfusable = true;
    // ASCII letters and digits change neither flag; a character outside the BMP is read whole.
    for (let i = 0; i < word.length; i++) {
      const code = word.charCodeAt(i);
      if (code < 128) continue;
      const ch = code >= 0xd800 && code <= 0xdbff ? word.slice(i, ++i + 1) : (word[i] as string);
      if (HOMOGLYPHS[ch] !== undefined) confusable = true;
      else if (LETTER.test(ch)) allConfusable = false;
    }
    if (!confusable) continue;
    if (!LATIN_OR_DIGIT.test(word) && !(mostlyLatin && allConfusable)) continue;
    let offset = m.index;
    for (const ch of word) {
      const latinCh = HOMOGLYPHS[ch];
      if (latinCh !== undefined) edits.push({ start: offset, end: offset + ch.length, replacement: latinCh });
      offset += ch.length;
    }
  }
  return edits;
}

/** "john DOT smith AT example DOT com" → "john.smith@example.com"; the separators' characters map to "@" and ".". */
function emailEdits(text: string): Edit[] {
  const edits: Edit[] = [];
  SPELLED_AT.lastIndex = 0;
  for (let m = SPELLED_AT.exec(text); m !== null; m = SPELLED_AT.exec(text)) {
    // The spaces before a bracketed "at" or a spaced "@" belong to the separator (a few at most).
    let atStart = m.index;
    while (atStart > 0 && m.index - atStart < 3 && /\s/.test(text[atStart - 1] ?? '')) atStart--;
    const atEnd = m.index + m[0].length;
    const bracketed = /[([{<]/.test(m[0]);
    const spelledAt = bracketed || /AT/.test(m[0]) || m[0].includes('@');
    // The domain: labels joined by dots, the last a known top-level domain, nothing word-like right after.
    const domainDots: Edit[] = [];
    let labels = 0;
    let lastLabel = '';
    let pos = atEnd;
    let domainEnd = atEnd;
    let spelledDot = false;
    DOMAIN_PART.lastIndex = pos;
    for (let d = DOMAIN_PART.exec(text); d !== null && labels < 8; d = DOMAIN_PART.exec(text)) {
      labels++;
      lastLabel = d[1] as string;
      domainEnd = pos + (d[1] as string).length;
      const sep = d[2];
      if (sep === undefined || !/[A-Za-z0-9]/.test(text[pos + d[0].length] ?? '')) break;
      if (sep !== '.') {
        spelledDot = true;
        domainDots.push({ start: domainEnd, end: pos + d[0].length, replacement: '.' });
      }
      pos += d[0].length;
      DOMAIN_PART.lastIndex = pos;
    }
    if (labels < 2 || !DOMAIN_TLDS.has(lastLabel.toLowerCase()) || /[A-Za-z0-9-]/.test(text[domainEnd] ?? '')) continue;
    // Keep only the dots up to the end of the domain.
    const dots = domainDots.filter((e) => e.end <= domainEnd);
    // The local part: words of local-part characters, joined by dots, read backwards from the "at".
    const localDots: Edit[] = [];
    let localStart = atStart;
    for (let words = 0; words < 6; words++) {
      let w = localStart;
      while (w > 0 && LOCAL_CHAR.test(text[w - 1] ?? '')) w--;
      if (w === localStart) break;
      localStart = w;
      const before = text.slice(Math.max(0, w - 12), w);
      const dot = DOT_BEFORE.exec(before);
      if (!dot || !LOCAL_CHAR.test(text[w - dot[0].length - 1] ?? '')) break;
      if (dot[0] !== '.') {
        spelledDot = true;
        localDots.push({ start: w - dot[0].length, end: w, replacement: '.' });
      }
      localStart = w - dot[0].length;
    }
    if (localStart === atStart || !/[A-Za-z0-9]/.test(text[localStart] ?? '')) continue;
    if (localStart > 0 && /[A-Za-z0-9._%+@-]/.test(text[localStart - 1] ?? '')) continue;
    // A plain lower-case " at " is everyday English ("us at example.com"): it needs a spelled-out dot too.
    if (!spelledAt && !spelledDot) continue;
    edits.push(...localDots.reverse(), { start: atStart, end: atEnd, replacement: '@' }, ...dots);
    SPELLED_AT.lastIndex = Math.max(SPELLED_AT.lastIndex, domainEnd);
  }
  return edits;
}

/** Applies sorted, non-overlapping edits; answers the new text and each new character's range in the input. */
function applyEdits(text: string, edits: readonly Edit[]): { text: string; starts: Int32Array; ends: Int32Array } {
  let out = '';
  const startList: number[] = [];
  const endList: number[] = [];
  let from = 0;
  for (const edit of edits) {
    for (let i = from; i < edit.start; i++) {
      startList.push(i);
      endList.push(i + 1);
    }
    out += text.slice(from, edit.start) + edit.replacement;
    for (let k = 0; k < edit.replacement.length; k++) {
      startList.push(edit.start);
      endList.push(edit.end);
    }
    from = edit.end;
  }
  for (let i = from; i < text.length; i++) {
    startList.push(i);
    endList.push(i + 1);
  }
  out += text.slice(from);
  return { text: out, starts: Int32Array.from(startList), ends: Int32Array.from(endList) };
}
