// Postal codes written on their own and streets named after people, found apart from the numbered address cores.
import type { Hit } from './address-anchors';
import { entity } from './candidates';
import { FIRST_NAMES, LAST_NAMES, NEVER_NAMES } from './gazetteer';
import type { DetectedEntity } from './types';

// A postal code is told by a cue ("zip", "postcode", "PLZ", "code postal") or by a format no other number has (the UK
// and Canadian ones, capitals with a space). A bare five-digit number is an order number or a price as often as a ZIP
// code, so it needs the cue.
const POSTAL_CUE = /\b(?:zip(?: ?code)?|zip\+4|postal ?code|post ?code|postcode|code postal|postleitzahl|plz|cep|c[oó]digo postal)(?:\s+(?:is|was|of|number|no\.?))?\s*[:#=]?\s*/gi;
const CUED_VALUE = /^(?:\d{5}(?:-\d{4})?|\d{5}-\d{3}|\d{3} ?\d{2}|\d{2}-\d{3}|\d{4}|\d{6}|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|[A-Z]\d[A-Z] ?\d[A-Z]\d)(?![\p{L}\p{N}-])/iu;
// "SW1A 1AA", "EC1V 9HX" (the space makes it a postcode: "A1" alone is a paper size or a road) and "K1A 0B6".
const UK_OR_CANADA = /\b(?:[A-PR-UWYZ][A-HK-Y]?\d[A-Z\d]? \d[ABD-HJLNP-UW-Z]{2}|[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] \d[ABCEGHJ-NPRSTV-Z]\d)\b/g;

export function findPostalCodes(text: string, out: DetectedEntity[]): void {
  for (const m of text.matchAll(POSTAL_CUE)) {
    const from = m.index + m[0].length;
    const value = CUED_VALUE.exec(text.slice(from, from + 12));
    // "zip it", "cap 3": the cue word alone is everyday; a value that has a digit and follows it is the code.
    if (!value || !/\d/.test(value[0])) continue;
    out.push(entity(text, 'ADDRESS', from, from + value[0].length, 0.6));
  }
  for (const m of text.matchAll(UK_OR_CANADA)) out.push(entity(text, 'ADDRESS', m.index, m.index + m[0].length, 0.6));
}

const WORDS_BEFORE = /(?:^|[^\p{L}\p{M}'’.-])((?:\p{Lu}[\p{L}\p{M}'’.-]*\.? ){1,4})$/u;
const LOCATIVE_CUE = /\b(?:on|off|along|down|up|onto|into|to|at|near|via|from|of|cross(?:ing)?|corner of|toward|towards|past|reach|take|took)\s+$/i;

/**
 * "Turn left on Emily Carter Road", "the shop on Martin Luther King Drive": capitalised words before a street word
 * are a street (an address), not a person, when they follow a locative word or are name-shaped (a known given or
 * family name among them). `streetWords`: the hits of STREET_SUFFIX_ANCHOR (address-anchors.ts).
 */
export function findNamedStreets(text: string, out: DetectedEntity[], streetWords: readonly Hit[]): void {
  for (const [index, length] of streetWords) {
    const windowStart = Math.max(0, index - 60);
    const before = WORDS_BEFORE.exec(text.slice(windowStart, index));
    if (!before) continue;
    const words = (before[1] ?? '').trim().split(' ');
    // Grammar words opening the run ("The", "On") are not part of the name.
    let skip = 0;
    while (skip < words.length && NEVER_NAMES.has((words[skip] ?? '').toLowerCase())) skip++;
    if (skip === words.length) continue;
    const name = words.slice(skip);
    let start = windowStart + before.index + before[0].length - (before[1] ?? '').length;
    for (let k = 0; k < skip; k++) start += (words[k] ?? '').length + 1;
    const cue = LOCATIVE_CUE.test(text.slice(Math.max(0, start - 24), start));
    const nameShaped = name.some((w) => FIRST_NAMES.has(w.toLowerCase()) || LAST_NAMES.has(w.toLowerCase()));
    if (!cue && !(nameShaped && name.length >= 2)) continue;
    out.push(entity(text, 'ADDRESS', start, index + length, 0.6));
  }
}
