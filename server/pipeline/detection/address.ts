import { contextBefore, entity } from './candidates';
import { CITIES, COUNTRIES, REGIONS } from './gazetteer';
import type { TextCasing } from './tokens';
import type { DetectedEntity } from './types';

const WORD = String.raw`[\p{L}\p{M}\p{N}'’.\-]+`;
const CAP_WORD = String.raw`\p{Lu}[\p{L}\p{M}'’.\-]*`;
const NUM = String.raw`\d{1,5}[A-Za-z]?`;
const ENGLISH_SUFFIX =
  'street|st|avenue|ave|road|rd|lane|ln|drive|dr|boulevard|blvd|way|court|ct|place|pl|terrace|crescent|close|parkway|pkwy|' +
  'highway|hwy|square|sq|circle|cir|trail|alley|row|mews|walk|grove|gardens|heights|parade|esplanade|quay|wharf|creek|loop|path|pike|plaza|cove|run';
const LEADING_KEYWORD =
  'rue|avenue|av|bd|boulevard|chemin|allée|impasse|quai|via|viale|piazza|corso|largo|vicolo|strada|calle|carrer|avenida|paseo|camino|' +
  'plaza|travesía|rua|travessa|estrada|praça|alameda|ul|ulica|aleja|ulitsa|odos|leoforos|rambla|ronda|passeig|rruga|sokak|caddesi';
const TOKEN_SUFFIX =
  'straße|strasse|str|weg|gasse|allee|platz|ring|damm|ufer|laan|straat|plein|gracht|kade|dijk|singel|steeg|vej|vei|veien|veg|vegen|' +
  'gata|gatan|vägen|väg|tie|katu|kuja|polku|utca|útja|út|tér|körút|sor|cesta|ulice|gade|stræde|allé|plads|torv|braut|stígur|vegur|' +
  'lände|markt|graben|hof|berg|park|gården|backe|stien|bakken|veijen';

interface Core {
  re: RegExp;
  score: number;
  needsLocality: boolean;
  /** Cheap pattern whose hits mark where `re` is worth trying; `re` then runs on a window around each. */
  anchor?: RegExp;
}

const CORES: readonly Core[] = [
  // "2914 184th Street", "62 47 Kogil Street"
  { re: new RegExp(String.raw`\b${NUM}(?: ${NUM})? (?:${WORD} ){0,4}?(?:${ENGLISH_SUFFIX})\b\.?(?: ${NUM}\b)?`, 'giu'), score: 0.8, needsLocality: false,
    anchor: new RegExp(`\\b(?:${ENGLISH_SUFFIX})\\b`, 'gi') },
  // "40 rue Victor Hugo", "ul. Karpacka 69", "Via Carlo Cattaneo 130"
  { re: new RegExp(String.raw`(?:\b${NUM} ){0,2}\b(?:${LEADING_KEYWORD})\.? (?:${WORD} ){0,4}?${NUM}\b`, 'giu'), score: 0.8, needsLocality: false,
    anchor: new RegExp(`\\b(?:${LEADING_KEYWORD})\\.? `, 'gi') },
  { re: new RegExp(String.raw`\b${NUM} (?:${NUM} )?(?:${LEADING_KEYWORD})\.? ${WORD}(?: ${CAP_WORD}){0,3}`, 'giu'), score: 0.75, needsLocality: false,
    anchor: new RegExp(`\\b(?:${LEADING_KEYWORD})\\.? `, 'gi') },
  // "Auerstrasse 84", "Pernilles vei 115", "Dózsa György út 78."
  { re: new RegExp(String.raw`(?:\b${NUM} ){0,2}(?:${WORD} ){0,3}?[\p{L}\p{M}'’\-]*(?:${TOKEN_SUFFIX})\.? ${NUM}\b\.?`, 'giu'), score: 0.8, needsLocality: false,
    anchor: new RegExp(`(?:${TOKEN_SUFFIX})\\.? \\d`, 'gi') },
  { re: new RegExp(String.raw`\b(?:P\.? ?O\.? ?Box|Post Office Box|PO Box) \d{1,6}\b`, 'gi'), score: 0.85, needsLocality: false },
  { re: /\b(?:PSC|Unit|CMR) \d{3,5},? Box \d{3,5}\b/gi, score: 0.85, needsLocality: false },
  { re: /\bUS(?:NS|NV|CGC|S)? [A-Z][a-z]+\b(?=\s+FPO)/g, score: 0.85, needsLocality: false },
  // Number, capitalised words, number: only when a locality follows.
  { re: new RegExp(String.raw`\b${NUM} (?:${CAP_WORD} ){1,3}${NUM}\b\.?`, 'gu'), score: 0.6, needsLocality: true, anchor: /\b\d{1,5}[A-Za-z]? \p{Lu}/gu },
];

const SECONDARY = /^(?:apt|apartment|suite|ste|unit|flat|floor|fl|room|rm|#)\.? ?[\w-]{1,6}\b/i;
const POSTCODE = /^(?:\d{4,6}(?:-\d{4})?|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})(?![\w-])/;
const MILITARY = /^[AFD]PO A[AEP] \d{5}\b/i;
const STATE_CODE = /^[A-Z]{2}\b/;
const SEPARATOR = /^(?:[ \t]*(?:,|\n|\r\n)?[ \t]*){1,3}/;
const ADDRESS_CUE = /\b(?:address|live[sd]? (?:at|in)|living at|located at|office is at|send (?:it )?to|sent to|ship(?:ped)? to|deliver(?:ed)? to|moved to|mail to|resides? at)\b/i;

export function findAddresses(text: string, casing: TextCasing, out: DetectedEntity[]): void {
  const found: DetectedEntity[] = [];
  for (const core of CORES) {
    for (const [start, matched] of coreMatches(text, core)) {
      const { score, needsLocality } = core;
      const coreEnd = start + matched.length;
      if (!coreLooksLikeAddress(matched, casing)) continue;
      const { end, localities } = extend(text, coreEnd, casing);
      if (needsLocality && localities === 0 && !contextBefore(text, start, ADDRESS_CUE, 40)) continue;
      found.push(entity(text, 'ADDRESS', start, end, Math.min(0.95, score + 0.05 * localities)));
    }
  }
  for (const m of text.matchAll(/\b(?:zip|postal|post) ?code(?: is|:)? ?(\d{5}(?:-\d{4})?)\b/gi)) {
    const value = m[1] ?? '';
    const start = m.index + m[0].length - value.length;
    found.push(entity(text, 'ADDRESS', start, start + value.length, 0.6));
  }
  out.push(...mergeOverlapping(text, found));
}

function coreMatches(text: string, { re, anchor }: Core): Array<[number, string]> {
  if (!anchor) return [...text.matchAll(re)].map((m) => [m.index, m[0]]);
  const found: Array<[number, string]> = [];
  for (const a of text.matchAll(anchor)) {
    let from = Math.max(0, a.index - 60);
    while (from > 0 && !/\s/.test(text[from - 1] ?? '')) from--;
    const to = Math.min(text.length, a.index + a[0].length + 40);
    const window = text.slice(from, to);
    // Every address core has a house or street number.
    if (!/\d/.test(window)) continue;
    for (const m of window.matchAll(re)) found.push([from + m.index, m[0]]);
  }
  return found;
}

function coreLooksLikeAddress(core: string, casing: TextCasing): boolean {
  if (/^\d{4} \d{4}$/.test(core)) return false;
  if (casing.allLower || casing.mostlyUpper) return true;
  // In mixed-case text the street name words are capitalised (particles and ordinals aside).
  const words = core.split(' ').filter((w) => /^\p{L}/u.test(w));
  return words.some((w) => /^\p{Lu}/u.test(w)) && words.every((w) => /^\p{Lu}/u.test(w) || /^(?:de|del|della|di|da|do|dos|das|la|le|les|van|von|der|den|het|ter|ten|du|des|y|e|i|og|och|am|an|im|auf|zum|zur|ul|u|al)\.?$/.test(w) || isStreetKeyword(w));
}

function isStreetKeyword(word: string): boolean {
  return new RegExp(`^(?:${LEADING_KEYWORD}|${ENGLISH_SUFFIX})\\.?$`, 'i').test(word);
}

/** Extends an address over unit, city, region, postcode and country parts that follow it. */
function extend(text: string, from: number, casing: TextCasing): { end: number; localities: number } {
  let end = from;
  let localities = 0;
  for (let step = 0; step < 8; step++) {
    const sep = SEPARATOR.exec(text.slice(end, end + 8))?.[0] ?? '';
    const at = end + sep.length;
    const rest = text.slice(at, at + 80);
    const next = matchPart(rest, casing);
    if (next === 0) break;
    end = at + next;
    localities++;
  }
  return { end, localities };
}

function matchPart(rest: string, casing: TextCasing): number {
  const fixed = SECONDARY.exec(rest) ?? POSTCODE.exec(rest) ?? MILITARY.exec(rest);
  if (fixed) return fixed[0].length;
  const state = casing.allLower ? /^[a-z]{2}\b/.exec(rest) : STATE_CODE.exec(rest);
  if (state && followedByPostcode(rest.slice(state[0].length))) return state[0].length;
  const place = knownPlaceLength(rest);
  if (place > 0) return place;
  const words = (casing.allLower ? /^\p{L}[\p{L}\p{M}'’.-]*(?: \p{L}[\p{L}\p{M}'’.-]*){0,2}/u : /^\p{Lu}[\p{L}\p{M}'’.-]*(?: \p{Lu}[\p{L}\p{M}'’.-]*){0,2}/u).exec(rest);
  if (words && followedByLocality(rest.slice(words[0].length), casing)) return words[0].length;
  return 0;
}

function followedByPostcode(rest: string): boolean {
  const sep = SEPARATOR.exec(rest)?.[0] ?? '';
  return POSTCODE.test(rest.slice(sep.length));
}

function followedByLocality(rest: string, casing: TextCasing): boolean {
  const sep = SEPARATOR.exec(rest)?.[0] ?? '';
  if (sep === '') return false;
  const after = rest.slice(sep.length);
  if (POSTCODE.test(after) || knownPlaceLength(after) > 0) return true;
  const state = casing.allLower ? /^[a-z]{2}\b/.exec(after) : STATE_CODE.exec(after);
  return state !== null && followedByPostcode(after.slice(state[0].length));
}

/** Length of the longest known place name (up to four words) at the start of `rest`. */
export function knownPlaceLength(rest: string): number {
  const words = /^\p{L}[\p{L}\p{M}'’.-]*(?: \p{L}[\p{L}\p{M}'’.-]*){0,3}/u.exec(rest)?.[0];
  if (!words) return 0;
  const parts = words.split(' ');
  for (let n = parts.length; n >= 1; n--) {
    const candidate = parts.slice(0, n).join(' ').replace(/\.+$/, '');
    const lower = candidate.toLowerCase();
    if (COUNTRIES.has(lower) || REGIONS.has(lower) || (CITIES.has(lower) && lower.length > 3)) return candidate.length;
  }
  return 0;
}

function mergeOverlapping(text: string, spans: DetectedEntity[]): DetectedEntity[] {
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: DetectedEntity[] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span.start < last.end) {
      if (span.end > last.end) {
        last.end = span.end;
        last.text = text.slice(last.start, last.end);
      }
      last.score = Math.max(last.score, span.score);
      continue;
    }
    merged.push({ ...span });
  }
  return merged;
}
