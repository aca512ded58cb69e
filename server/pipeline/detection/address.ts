import {
  BOX_ANCHOR,
  ENGLISH_SUFFIX,
  ENGLISH_SUFFIX_ANCHOR,
  FPO_ANCHOR,
  LEADING_KEYWORD,
  LEADING_KEYWORD_ANCHOR,
  NAMED_STREET_ANCHOR,
  STREET_SUFFIX_ANCHOR,
  keywordAnchorHits,
} from './address-anchors';
import type { Hit } from './address-anchors';
import { layoutAddress } from './address-layout';
import { extendAddress } from './address-parts';
import { contextBefore, entity } from './candidates';
import { isSpaceCode } from './ner-context';
import { findNamedStreets, findPostalCodes } from './postal';
import type { TextCasing } from './tokens';
import type { DetectedEntity } from './types';

const WORD = String.raw`[\p{L}\p{M}\p{N}'’.\-]+`;
const CAP_WORD = String.raw`\p{Lu}[\p{L}\p{M}'’.\-]*`;
const NUM = String.raw`\d{1,5}[A-Za-z]?`;
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
  /** The pattern's own context is evidence enough: skip the capitalisation check of the street words. */
  trusted?: boolean;
}

const UNIT = String.raw`(?:apt|apartment|suite|ste|unit)\.? ?\d[\w-]{0,5}\b`;
// Anchors shared by two cores (LEADING_KEYWORD_ANCHOR, BOX_ANCHOR) have their windows found once per text (see
// coreMatches); the whole-word anchors' hits come from one pass (address-anchors.ts).
// Every hit ends in a space and a digit, at most TOKEN_SUFFIX_REACH characters after it starts (see anchorHits).
const TOKEN_SUFFIX_ANCHOR = new RegExp(`(?:${TOKEN_SUFFIX})\\.? \\d`, 'gi');
const TOKEN_SUFFIX_REACH = 12;

const CORES: readonly Core[] = [
  // "2914 184th Street", "62 47 Kogil Street"
  { re: new RegExp(String.raw`\b${NUM}(?: ${NUM})? (?:${WORD} ){0,4}(?:${ENGLISH_SUFFIX})\b\.?(?: ${NUM}\b)?`, 'giu'), score: 0.8, needsLocality: false,
    anchor: ENGLISH_SUFFIX_ANCHOR },
  // "40 rue Victor Hugo", "ul. Karpacka 69", "Via Carlo Cattaneo 130"
  { re: new RegExp(String.raw`(?:\b${NUM} ){0,2}\b(?:${LEADING_KEYWORD})\.? (?:${WORD} ){0,4}?${NUM}\b`, 'giu'), score: 0.8, needsLocality: false,
    anchor: LEADING_KEYWORD_ANCHOR },
  { re: new RegExp(String.raw`\b${NUM} (?:${NUM} )?(?:${LEADING_KEYWORD})\.? ${WORD}(?: ${CAP_WORD}){0,3}`, 'giu'), score: 0.75, needsLocality: false,
    anchor: LEADING_KEYWORD_ANCHOR },
  // "Auerstrasse 84", "Pernilles vei 115", "Dózsa György út 78."
  { re: new RegExp(String.raw`(?:\b${NUM} ){0,2}(?:${WORD} ){0,3}?[\p{L}\p{M}'’\-]*(?:${TOKEN_SUFFIX})\.? ${NUM}\b\.?`, 'giu'), score: 0.8, needsLocality: false,
    anchor: TOKEN_SUFFIX_ANCHOR },
  { re: new RegExp(String.raw`\b(?:P\.? ?O\.? ?Box|Post Office Box|PO Box) \d{1,6}\b`, 'gi'), score: 0.85, needsLocality: false, anchor: BOX_ANCHOR },
  { re: /\b(?:PSC|Unit|CMR) \d{3,5},? Box \d{3,5}\b/gi, score: 0.85, needsLocality: false, anchor: BOX_ANCHOR },
  { re: /\bUS(?:NS|NV|CGC|S)? \p{Lu}[\p{L}\p{M}'’-]+(?=\s+FPO\b)/gu, score: 0.85, needsLocality: false, anchor: FPO_ANCHOR },
  // A numbered street followed by a unit: "04 Frørup Byvej 22 Apt. 548", "01 Luite tee 71⏎ Suite 824".
  { re: new RegExp(String.raw`(?<![\p{L}\p{N}])${NUM}(?: [^\s,]+){0,5}? (?:${NUM}\.?|(?:${ENGLISH_SUFFIX})\.?)(?=,? ${UNIT}|\r?\n(?:>|\?\?\? ?| )?${UNIT})`, 'giu'),
    score: 0.8, needsLocality: false, trusted: true, anchor: new RegExp(UNIT, 'gi') },
  // A named street after "on", "off", "along" or "down": "shows on Adams Street".
  { re: new RegExp(String.raw`(?<=\b(?:on|off|along|down) )\p{Lu}[\p{L}\p{M}'’-]+(?: \p{Lu}[\p{L}\p{M}'’-]+)? (?:Street|Road|Avenue|Lane|Boulevard|Drive)\b`, 'gu'), score: 0.6, needsLocality: false,
    anchor: NAMED_STREET_ANCHOR },
  // "the corner of Auenweg 85 and Kesä Street"
  { re: new RegExp(String.raw`\bthe corner of [^\n,;]{3,60}? and (?:${WORD} ){0,3}?(?:${WORD})? ?(?:${ENGLISH_SUFFIX})\b\.?`, 'giu'), score: 0.8, needsLocality: false,
    trusted: true, anchor: /\bthe corner of /gi },
  // Number, capitalised words, number: only when a locality follows.
  { re: new RegExp(String.raw`\b${NUM} (?:${CAP_WORD} ){1,3}${NUM}\b\.?`, 'gu'), score: 0.6, needsLocality: true, anchor: /\b\d{1,5}[A-Za-z]? \p{Lu}/gu },
];

const ADDRESS_CUE = /\b(?:address|live[sd]? (?:at|in)|living at|located at|office is at|send (?:it )?to|sent to|ship(?:ped)? to|deliver(?:ed)? to|moved to|mail to|resides? at)\b/i;
const STREET_WORD = new RegExp(`^(?:${LEADING_KEYWORD}|${ENGLISH_SUFFIX})\\.?$`, 'i');

export function findAddresses(text: string, casing: TextCasing, out: DetectedEntity[]): void {
  const found: DetectedEntity[] = [];
  const cache: AnchorCache = { windows: new Map() };
  for (const core of CORES) {
    for (const [start, matched] of coreMatches(text, core, cache)) {
      const { score, needsLocality } = core;
      const coreEnd = start + withoutTrailingGenericStreet(matched, casing).length;
      if (!core.trusted && !coreLooksLikeAddress(matched, casing)) continue;
      const { end, parts } = extendAddress(text, coreEnd, casing);
      if (needsLocality && parts.length === 0 && !contextBefore(text, start, ADDRESS_CUE, 40)) continue;
      found.push(entity(text, 'ADDRESS', start, end, Math.min(0.95, score + 0.05 * parts.length)));
    }
  }
  findPostalCodes(text, found);
  findNamedStreets(text, found, (cache.keywordHits ??= keywordAnchorHits(text)).get(STREET_SUFFIX_ANCHOR) ?? []);
  for (const address of mergeOverlapping(text, found)) {
    for (const piece of layoutAddress(text, address.start, address.end)) out.push(entity(text, piece.type, piece.start, piece.end, address.score));
  }
}

/** A stretch around an anchor hit, `text` being text.slice(from, to). */
interface Window {
  from: number;
  text: string;
}

/** What the cores' anchors find in one text, found once: the windows per anchor, and the keyword anchors' hits. */
interface AnchorCache {
  windows: Map<RegExp, Window[]>;
  keywordHits?: Map<RegExp, Hit[]>;
}

function coreMatches(text: string, { re, anchor }: Core, cache: AnchorCache): Array<[number, string]> {
  if (!anchor) return [...text.matchAll(re)].map((m) => [m.index, m[0]]);
  const found: Array<[number, string]> = [];
  for (const { from, text: window } of anchorWindows(text, anchor, cache)) {
    for (const m of window.matchAll(re)) found.push([from + m.index, m[0]]);
  }
  return found;
}

/** The windows around the hits of `anchor` that hold a digit, found once per text for the cores sharing an anchor. */
function anchorWindows(text: string, anchor: RegExp, cache: AnchorCache): Window[] {
  const cached = cache.windows.get(anchor);
  if (cached) return cached;
  const windows: Window[] = [];
  const keywordHits = (cache.keywordHits ??= keywordAnchorHits(text)).get(anchor);
  for (const [index, length] of keywordHits ?? anchorHits(text, anchor)) {
    let from = Math.max(0, index - 60);
    while (from > 0 && !isSpaceCode(text.charCodeAt(from - 1))) from--;
    const to = Math.min(text.length, index + length + 40);
    // Every address core has a house or street number.
    if (!hasDigit(text, from, to)) continue;
    windows.push({ from, text: text.slice(from, to) });
  }
  cache.windows.set(anchor, windows);
  return windows;
}

/** [index, length] of each hit of `anchor`, as text.matchAll would give them. */
function anchorHits(text: string, anchor: RegExp): Hit[] {
  const hits: Hit[] = [];
  if (anchor !== TOKEN_SUFFIX_ANCHOR) {
    for (const a of text.matchAll(anchor)) hits.push([a.index, a[0].length]);
    return hits;
  }
  // The street-suffix pattern has no context assertions, so it can run on the few characters before each
  // " <digit>" instead of trying every position of the text; the hits and their order are the same.
  let last = 0;
  for (let space = text.indexOf(' '); space >= 0; space = text.indexOf(' ', space + 1)) {
    const next = text.charCodeAt(space + 1);
    if (next < 48 || next > 57 || !TOKEN_SUFFIX_ENDS.has(text.charCodeAt(space - 1))) continue;
    const from = Math.max(last, space - TOKEN_SUFFIX_REACH);
    if (from > space) continue;
    TOKEN_SUFFIX_ANCHOR.lastIndex = 0;
    const m = TOKEN_SUFFIX_ANCHOR.exec(text.slice(from, space + 2));
    if (!m) continue;
    hits.push([from + m.index, m[0].length]);
    last = from + m.index + m[0].length;
  }
  TOKEN_SUFFIX_ANCHOR.lastIndex = 0;
  return hits;
}

// The characters a TOKEN_SUFFIX_ANCHOR hit can have before its " <digit>": a "." or a suffix's last letter in either
// case. Most spaces before a digit follow another digit ("612 345"), and then the pattern need not run.
const TOKEN_SUFFIX_ENDS = new Set<number>([46, ...TOKEN_SUFFIX.split('|').flatMap((suffix) => {
  const last = suffix.slice(-1);
  return [last.charCodeAt(0), last.toUpperCase().charCodeAt(0)];
})]);

function hasDigit(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) return true;
  }
  return false;
}

/** "14 Rue Aghlab street": a lower-case "street" after a complete street name is prose, not part of it. */
function withoutTrailingGenericStreet(core: string, casing: TextCasing): string {
  if (casing.allLower || casing.mostlyUpper) return core;
  const m = / (?:street|road)$/.exec(core);
  return m && /\p{Lu}/u.test(core.slice(0, m.index)) ? core.slice(0, m.index) : core;
}

function coreLooksLikeAddress(core: string, casing: TextCasing): boolean {
  if (/^\d{4} \d{4}$/.test(core)) return false;
  if (casing.allLower || casing.mostlyUpper) return true;
  // In mixed-case text the street name words are capitalised (particles and ordinals aside).
  const words = core.split(' ').filter((w) => /^\p{L}/u.test(w));
  return words.some((w) => /^\p{Lu}/u.test(w)) && words.every((w) => /^\p{Lu}/u.test(w) || /^(?:de|del|della|di|da|do|dos|das|la|le|les|van|von|der|den|het|ter|ten|du|des|y|e|i|og|och|am|an|im|auf|zum|zur|ul|u|al)\.?$/.test(w) || isStreetKeyword(w));
}

function isStreetKeyword(word: string): boolean {
  return STREET_WORD.test(word);
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

