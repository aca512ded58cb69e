import { contextAround, contextBefore, entity, isAlnumAt, trimTrailingPunctuation } from './candidates';
import type { DetectedEntity } from './types';
import { DOMAIN_TLDS } from './tld';
import { ipVersion, isValidIban, isValidSsn, passesLuhn } from './validators';

const EMAIL = /[A-Za-z0-9](?:[A-Za-z0-9._%+-]{0,63})@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24}/g;

const EMAIL_CHARS = /[A-Za-z0-9._%+@-]/;

export function findEmails(text: string, out: DetectedEntity[]): void {
  // The pattern only runs on the run of e-mail characters around each "@", not over the whole text.
  let searchFrom = 0;
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', Math.max(at + 1, searchFrom))) {
    const [from, to] = runAround(text, at, EMAIL_CHARS);
    searchFrom = to;
    for (const m of text.slice(from, to).matchAll(EMAIL)) {
      const start = from + m.index;
      if (start > 0 && /[A-Za-z0-9._%+-]/.test(text[start - 1] ?? '')) continue;
      out.push(entity(text, 'EMAIL_ADDRESS', start, start + m[0].length, 1));
    }
  }
}

/** The maximal run of characters matching `chars` that contains `index`. */
function runAround(text: string, index: number, chars: RegExp): [number, number] {
  let from = index;
  while (from > 0 && chars.test(text[from - 1] ?? '')) from--;
  let to = index + 1;
  while (to < text.length && chars.test(text[to] ?? '')) to++;
  return [from, to];
}

const URL_WITH_SCHEME = /\b(?:https?|ftp):\/\/[^\s<>"'`]+|\bwww\.[^\s<>"'`]+/gi;
const BARE_DOMAIN = /\b(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+([a-z]{2,12})\b/gi;

export function findUrls(text: string, out: DetectedEntity[]): void {
  const taken: Array<[number, number]> = [];
  for (const m of text.matchAll(URL_WITH_SCHEME)) {
    const start = m.index;
    const end = trimTrailingPunctuation(text, start, start + m[0].length);
    const afterHost = text.slice(start, end).replace(/^[a-z]+:\/\//i, '');
    const slash = afterHost.search(/[/?#]/);
    const rest = slash < 0 ? '' : afterHost.slice(slash);
    // A link to a site's root names the domain (Presidio-research labels it DOMAIN_NAME); a deeper link is a URL.
    const type = rest === '' || rest === '/' ? 'DOMAIN_NAME' : 'URL';
    out.push(entity(text, type, start, end, 0.95));
    taken.push([start, end]);
  }
  // Both lists run left to right, so one cursor over the links finds any that overlaps a host name.
  let link = 0;
  for (const [start, end, tld] of bareDomains(text)) {
    const host = text.slice(start, end);
    while (link < taken.length && taken[link]![1] <= start) link++;
    if (!DOMAIN_TLDS.has(tld) || (link < taken.length && taken[link]![0] < end)) continue;
    const before = text[start - 1] ?? '';
    if (before === '@' || before === '.' || before === '/' || text[end] === '@' || /^\d+(\.\d+)+$/.test(host)) continue;
    if (text[end] === '(' || /^[a-z]\.[a-z]{2}$/i.test(host)) continue; // method calls, "e.g"
    out.push(entity(text, 'DOMAIN_NAME', start, end, 0.6));
  }
}

const HOST_CHARS = /[A-Za-z0-9.-]/;
/**
 * A host name has at most 253 characters; the pattern tries every label of a dotted run and may read to its end each
 * time, so a run much longer than a host name ("a.a.a.…", thousands of labels) is no host name and is skipped whole.
 */
const MAX_HOST_RUN = 512;

/** Host-name matches, found by running the pattern only on the dotted words around each "." between letters or digits. */
function* bareDomains(text: string): Generator<[number, number, string]> {
  let searchFrom = 0;
  for (let dot = text.indexOf('.'); dot >= 0; dot = text.indexOf('.', Math.max(dot + 1, searchFrom))) {
    if (dot === 0 || !/[A-Za-z0-9]/.test(text[dot - 1] ?? '') || !/[A-Za-z]/.test(text[dot + 1] ?? '')) continue;
    const [from, to] = runAround(text, dot, HOST_CHARS);
    searchFrom = to;
    if (to - from > MAX_HOST_RUN) continue;
    // \b at the run's edges must see the real neighbours, so the window keeps one character on each side.
    const left = Math.max(0, from - 1);
    const window = text.slice(left, Math.min(text.length, to + 1));
    for (const m of window.matchAll(BARE_DOMAIN)) {
      const start = left + m.index;
      if (start < from || start + m[0].length > to) continue;
      yield [start, start + m[0].length, (m[1] ?? '').toLowerCase()];
    }
  }
}

const IPV4 = /\b(?:\d{1,3}\.){3}\d{1,3}\b/g;
const IPV6 = /[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){2,7}(?:(?<=:)\d{1,3}(?:\.\d{1,3}){3})?/g;
const IPV6_CHARS = /[0-9A-Fa-f:.]/;

/** IPv6 pattern matches, run only on the stretches of hex digits, colons and dots that hold two or more colons. */
function* ipv6Candidates(text: string): Generator<{ index: number; 0: string }> {
  let searchFrom = 0;
  for (let colon = text.indexOf(':'); colon >= 0; colon = text.indexOf(':', Math.max(colon + 1, searchFrom))) {
    const [from, to] = runAround(text, colon, IPV6_CHARS);
    searchFrom = to;
    const run = text.slice(from, to);
    if (run.indexOf(':') === run.lastIndexOf(':')) continue;
    for (const m of run.matchAll(IPV6)) yield { index: from + m.index, 0: m[0] };
  }
}

export function findIpAddresses(text: string, out: DetectedEntity[]): void {
  for (const m of text.matchAll(IPV4)) {
    const start = m.index;
    const end = start + m[0].length;
    if (/[\d.]/.test(text[start - 1] ?? '') || /^\.\d/.test(text.slice(end, end + 2))) continue;
    if (ipVersion(m[0]) === 4) out.push(entity(text, 'IP_ADDRESS', start, end, 0.95));
  }
  if (!/::|[0-9A-Fa-f]:[0-9A-Fa-f]{1,4}:/.test(text)) return;
  for (const m of ipv6Candidates(text)) {
    const start = m.index;
    const end = start + m[0].length;
    if (isAlnumAt(text, start - 1) || isAlnumAt(text, end) || text[start - 1] === ':') continue;
    if ((m[0].match(/[0-9A-Fa-f]/g)?.length ?? 0) < 3) continue;
    if (ipVersion(m[0]) === 6) out.push(entity(text, 'IP_ADDRESS', start, end, 0.95));
  }
}

const CARD = /\b\d(?:[ -]?\d){11,18}\b/g;
const CARD_PREFIX = /^(?:4|5[1-5]|2[2-7]|3[47]|3[068]|35|6)/;
// Maestro numbers may have 12 digits; twelve digits passing Luhn are one number in ten, so a 12-digit card needs a
// Maestro prefix and either the card layout (three groups of four) or a card word close before it.
const MAESTRO_PREFIX = /^(?:5[06-8]|6)/;
const CARD_CUE = /\b(?:card|maestro|debit|credit|visa|mastercard|payment|pay|cc|pan)\b[^.\n]{0,24}$/i;

export function findCreditCards(text: string, out: DetectedEntity[]): void {
  for (const m of text.matchAll(CARD)) {
    const raw = m[0];
    const digits = raw.replace(/[ -]/g, '');
    if (digits.length < 12 || digits.length > 19 || !passesLuhn(digits) || /^(\d)\1+$/.test(digits)) continue;
    const separators = raw.match(/[ -]/g);
    if (separators && new Set(separators).size > 1) continue;
    if (digits.length === 12 && !(MAESTRO_PREFIX.test(digits) && (/^\d{4}([ -])\d{4}\1\d{4}$/.test(raw) || contextBefore(text, m.index, CARD_CUE, 40)))) continue;
    const score = CARD_PREFIX.test(digits) ? 1 : 0.6;
    out.push(entity(text, 'CREDIT_CARD', m.index, m.index + raw.length, score));
  }
}

const IBAN = /\b[A-Za-z]{2}\d{2}(?: ?[A-Za-z0-9]{4}){2,7}(?: ?[A-Za-z0-9]{1,3})?\b/g;

export function findIbans(text: string, out: DetectedEntity[]): void {
  for (const m of text.matchAll(IBAN)) {
    if (isValidIban(m[0].replace(/ /g, ''))) out.push(entity(text, 'IBAN_CODE', m.index, m.index + m[0].length, 1));
  }
}

const SSN = /\b\d{3}([- ]?)\d{2}\1\d{4}\b/g;
const SSN_CONTEXT = /\b(?:ssn|ss#|social[- ]security|social|tax ?id|itin)\b/i;

export function findUsSsns(text: string, out: DetectedEntity[]): void {
  for (const m of text.matchAll(SSN)) {
    const start = m.index;
    const end = start + m[0].length;
    if (/[\d-]/.test(text[start - 1] ?? '') || /^-\d/.test(text.slice(end, end + 2))) continue;
    if (!isValidSsn(m[0].replace(/[- ]/g, ''))) continue;
    const hasContext = contextAround(text, start, end, SSN_CONTEXT, 40);
    const separator = m[1];
    if (separator === '' && !hasContext) continue;
    const score = hasContext ? 0.95 : separator === '-' ? 0.85 : 0.5;
    out.push(entity(text, 'US_SSN', start, end, score));
  }
}

const LICENSE_CONTEXT = /\b(?:driver'?s?|driving)\s+licen[cs]e\b|\bDL\b|\blicen[cs]e\s+(?:no|number|#)/i;
const LICENSE_NUMBER = /\b[A-Za-z]{0,2}\d{5,14}[A-Za-z]?\b|\b[A-Za-z]\d{3}-\d{3}-\d{2}-\d{3}-\d\b/g;

export function findDriverLicenses(text: string, out: DetectedEntity[]): void {
  if (!LICENSE_CONTEXT.test(text)) return;
  for (const m of text.matchAll(LICENSE_NUMBER)) {
    if (!/\d{5}/.test(m[0].replace(/-/g, ''))) continue;
    if (contextBefore(text, m.index, LICENSE_CONTEXT, 40)) {
      out.push(entity(text, 'US_DRIVER_LICENSE', m.index, m.index + m[0].length, 0.75));
    }
  }
}
