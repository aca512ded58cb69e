const QUOTES: Readonly<Record<number, string>> = { 0x2018: "'", 0x2019: "'", 0x201c: '"', 0x201d: '"', 0xab: '"', 0xbb: '"' };

function isInvisible(code: number): boolean {
  return (code >= 0x200b && code <= 0x200f) || (code >= 0x2060 && code <= 0x2064) || code === 0xfeff || code === 0xad;
}

/** Lower-case, straight quotes, no invisible characters, runs of spaces and tabs as one space, no spaces around newlines. */
export function normalize(text: string): string {
  const lower = text.toLowerCase();
  let out = '';
  let from = 0;
  const n = lower.length;
  for (let i = 0; i < n; i++) {
    const code = lower.charCodeAt(i);
    if (code === 32 || code === 9 || code === 11 || code === 12 || code === 10) {
      // Collapse a whitespace run: a newline survives (one per run), otherwise a single space.
      let j = i;
      let newline = false;
      let plain = true;
      while (j < n) {
        const c = lower.charCodeAt(j);
        if (c === 10) newline = true;
        else if (c !== 32 && c !== 9 && c !== 11 && c !== 12) break;
        if (c !== 32 || j > i) plain = false;
        j++;
      }
      if (plain && !newline) continue; // a lone space
      if (newline && j - i === 1) continue; // a lone newline
      out += lower.slice(from, i) + (newline ? '\n'.repeat(countNewlines(lower, i, j)) : ' ');
      from = j;
      i = j - 1;
    } else if (code >= 0xab && (QUOTES[code] !== undefined || isInvisible(code))) {
      out += lower.slice(from, i) + (QUOTES[code] ?? '');
      from = i + 1;
    }
  }
  return from === 0 ? lower : out + lower.slice(from);
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === 10) count++;
  return count;
}

const LEET: Readonly<Record<string, string>> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', '$': 's', '!': 'i', '|': 'l' };
const LEET_WORD = /[a-z]+[013457@$!|][a-z013457@$!|]*|[013457@$!|]+[a-z][a-z013457@$!|]*/g;
const LEET_DIGITS = asciiTable("013457");
const SPACERS = asciiTable(" .-_*");

function asciiTable(chars: string): Uint8Array {
  const table = new Uint8Array(128);
  for (const ch of chars) table[ch.charCodeAt(0)] = 1;
  return table;
}

function isIn(table: Uint8Array, code: number): boolean {
  return code < 128 && table[code] === 1;
}

function isLowerLetter(code: number): boolean {
  return code >= 97 && code <= 122;
}

/** At least two words with a digit-letter between letters ("pr3v10u5"): a single one is just a product name. */
function looksLeet(normalized: string): boolean {
  let words = 0;
  for (let i = 1; i + 1 < normalized.length; i++) {
    // Digits only: "@" between letters is an e-mail address far more often than leetspeak.
    if (!isIn(LEET_DIGITS, normalized.charCodeAt(i))) continue;
    const before = normalized.charCodeAt(i - 1);
    const after = normalized.charCodeAt(i + 1);
    if (isLowerLetter(before) && isLowerLetter(after)) {
      if (++words >= 2) return true;
      while (i < normalized.length && normalized.charCodeAt(i) > 32) i++;
    }
  }
  return false;
}

/** Undoes leetspeak inside words that mix letters and digit-letters ("1gn0r3" → "ignore"). */
export function unleet(normalized: string): string {
  if (!looksLeet(normalized)) return normalized;
  return normalized.replace(LEET_WORD, (word) => (/[a-z]/.test(word) && word.length > 2 ? word.replace(/[013457@$!|]/g, (c) => LEET[c] ?? c) : word));
}

const SPACED_RUN = /\b(?:[a-z][ .\-_*]){2,}[a-z]\b/g;

/** A run of five or more single letters with one separator between each ("i g n o r e"). */
export function hasSpacedLetters(lowered: string): boolean {
  let run = 0;
  const n = lowered.length;
  for (let i = 0; i < n; i++) {
    const code = lowered.charCodeAt(i);
    if (!isLowerLetter(code)) {
      if (code !== 32) run = 0;
      continue;
    }
    if (isLowerLetter(lowered.charCodeAt(i + 1))) {
      // A word of two or more letters: skip it and end any run.
      while (i + 1 < n && isLowerLetter(lowered.charCodeAt(i + 1))) i++;
      run = 0;
      continue;
    }
    if (isIn(SPACERS, lowered.charCodeAt(i + 1)) || run > 0) {
      if (++run >= 5) return true;
      i++;
    }
  }
  return false;
}

/** Joins letters written one by one ("i g n o r e   a l l" or "i.g.n.o.r.e"); words stay apart when the original put wider gaps between them. */
export function unspace(lowered: string): string {
  if (!hasSpacedLetters(lowered)) return lowered;
  return lowered.replace(SPACED_RUN, (run) => run.replace(/[ .\-_*]/g, '')).replace(/[ \t]+/g, ' ');
}

/** The text written backwards, for "read this backwards" payloads. */
export function reversed(normalized: string): string {
  return [...normalized].reverse().join('');
}

function isBase64Code(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || (code >= 47 && code <= 57) || code === 43;
}

/** Decoded base64 runs (24+ characters mixing cases) that turn out to be readable text. */
export function decodeBase64Runs(text: string): string[] {
  const decoded: string[] = [];
  const n = text.length;
  for (let i = 0; i < n; i++) {
    if (!isBase64Code(text.charCodeAt(i))) continue;
    const start = i;
    let upper = false;
    let lower = false;
    while (i < n) {
      const code = text.charCodeAt(i);
      if (!isBase64Code(code)) break;
      if (code >= 65 && code <= 90) upper = true;
      else if (code >= 97 && code <= 122) lower = true;
      i++;
    }
    if (i - start < 24 || !upper || !lower) continue;
    let end = i;
    while (end < n && end - i < 2 && text.charCodeAt(end) === 61) end++;
    const plain = Buffer.from(text.slice(start, end), 'base64').toString('utf8');
    const printable = plain.replace(/[^\x20-\x7e\n]/g, '');
    if (printable.length >= plain.length * 0.95 && /[a-z]{3,} [a-z]{2,}/i.test(plain)) decoded.push(plain);
  }
  return decoded;
}
