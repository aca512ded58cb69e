const INVISIBLE = /[\u200b-\u200f\u2060-\u2064\ufeff\u00ad]/g;
const QUOTES: Readonly<Record<string, string>> = { '‘': "'", '’': "'", '“': '"', '”': '"', '«': '"', '»': '"' };

/** Lower-case, straight quotes, no invisible characters, single spaces (newlines kept). */
export function normalize(text: string): string {
  let out = text.toLowerCase();
  if (/[\u0080-\uffff]/.test(out)) out = out.replace(INVISIBLE, '').replace(/[‘’“”«»]/g, (q) => QUOTES[q] ?? q);
  if (/[\t\f\v]| [ \n]|\n /.test(out)) out = out.replace(/[ \t\f\v]+/g, ' ').replace(/ ?\n ?/g, '\n');
  return out;
}

const LEET: Readonly<Record<string, string>> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', '$': 's', '!': 'i', '|': 'l' };
const LEET_WORD = /[a-z]+[013457@$!|][a-z013457@$!|]*|[013457@$!|]+[a-z][a-z013457@$!|]*/g;

/** Undoes leetspeak inside words that mix letters and digit-letters ("1gn0r3" → "ignore"). */
export function unleet(normalized: string): string {
  if (!/[a-z][013457@$|][a-z]|\b[013457@$][a-z]{2}/.test(normalized)) return normalized;
  return normalized.replace(LEET_WORD, (word) => (/[a-z]/.test(word) && word.length > 2 ? word.replace(/[013457@$!|]/g, (c) => LEET[c] ?? c) : word));
}

/** Joins letters written one by one ("i g n o r e" or "i.g.n.o.r.e"). */
export function unspace(normalized: string): string {
  return normalized.replace(/\b(?:[a-z][ .\-_*]){3,}[a-z]\b/g, (run) => run.replace(/[ .\-_*]/g, ''));
}

const BASE64_RUN = /[A-Za-z0-9+/]{24,}={0,2}/g;

/** Decoded base64 runs that turn out to be readable text. */
export function decodeBase64Runs(text: string): string[] {
  const decoded: string[] = [];
  if (!/[A-Za-z0-9+/]{24}/.test(text)) return decoded;
  for (const m of text.matchAll(BASE64_RUN)) {
    if (!/[a-z]/.test(m[0]) || !/[A-Z]/.test(m[0])) continue;
    const plain = Buffer.from(m[0], 'base64').toString('utf8');
    const printable = plain.replace(/[^\x20-\x7e\n]/g, '');
    if (printable.length >= plain.length * 0.95 && /[a-z]{3,} [a-z]{2,}/i.test(plain)) decoded.push(plain);
  }
  return decoded;
}
