import { SECONDARY } from './address-parts';

const UNIT_INSIDE = /\b(?:apt|apartment|suite|ste|unit|flat|floor|room)\b\.? ?[\w-]{1,6}\b/i;

/**
 * Span boundaries of a found address, following the convention of annotated corpora such as Presidio-research:
 * - an address written as a letter block ("95 55 Halsey Road⏎ Suite 881⏎ HAYBOROUGH⏎ Thailand 52574") is labelled
 *   piece by piece: building number, street, unit and postcode as ADDRESS, town and country as LOCATION;
 * - a short inline address ("95 Lille Vibyvej 8, Måløv") likewise: building number, street, and the town as LOCATION;
 * - an envelope line that puts the unit first ("Apt. 434 40 Rue de la Sarthe 421⏎Housse WLG 95697") likewise,
 *   with the state code as ADDRESS;
 * - any other address (with a unit, state or postcode inline, or introduced by "address:") is one ADDRESS span.
 * Every character of the address stays covered either way, so anonymisation hides the same text.
 */
export interface AddressPiece {
  type: 'ADDRESS' | 'LOCATION';
  start: number;
  end: number;
}

const LINE_START_BEFORE = /(?:^|\n)(?:>|\?\?\? ?)?[ \t]*$/;
const LETTER_LINE_BREAK = /\n(?: |>|\?\?\? ?)/;
const LINE_BREAK = /\r?\n+(?:>|\?\?\? ?| )?/g;
const ADDRESS_CUE_BEFORE = /\baddress\b/i;
const COUNTRY_AND_POSTCODE = /^(.*\S) (\d{4,6}(?:-\d{4})?)$/;
const POSTCODE_ONLY = /^\d{4,6}(?:-\d{4})?$/;
const BUILDING_NUMBER = /^(\d{1,5}[A-Za-z]?) (?=[^\n]*\d)/;

export function layoutAddress(text: string, start: number, end: number): AddressPiece[] {
  const span = text.slice(start, end);
  const whole: AddressPiece[] = [{ type: 'ADDRESS', start, end }];
  const before = text.slice(Math.max(0, start - 60), start);
  const unitFirst = unitBefore(text, start, end, before);
  if (unitFirst) return unitFirst;
  if (span.includes('\n')) {
    if (!LINE_START_BEFORE.test(before) || ADDRESS_CUE_BEFORE.test(before) || !LETTER_LINE_BREAK.test(span) || span.includes('\n,')) return whole;
    return letterBlock(text, start, end) ?? whole;
  }
  return inlineShort(text, start, end) ?? whole;
}

const UNIT_WORD_BEFORE = /(?:^|\s)((?:apt|apartment|suite|ste|unit|flat|room)\.? ?)$/i;
const UNIT_BEFORE = /(?:^|\s)((?:apt|apartment|suite|ste|unit|flat|room)\.? ?\d[\w-]{0,5}) $/i;
const TOWN_STATE_POSTCODE = /^(.*\S) (\S{1,4}) (\d{4,6}(?:-\d{4})?)$/;

function unitBefore(text: string, start: number, end: number, before: string): AddressPiece[] | undefined {
  const span = text.slice(start, end);
  const lineBreak = span.indexOf('\n');
  if (lineBreak < 0 || span.indexOf('\n', lineBreak + 1) >= 0) return undefined;
  const pieces: AddressPiece[] = [];
  let streetStart = start;
  const unitWord = UNIT_WORD_BEFORE.exec(before);
  const leadingNumber = /^\d[\w-]{0,5} (?=\d)/.exec(span);
  if (unitWord && leadingNumber) {
    pieces.push({ type: 'ADDRESS', start: start - (unitWord[1] ?? '').length, end: start + leadingNumber[0].length - 1 });
    streetStart = start + leadingNumber[0].length;
  } else {
    const unit = UNIT_BEFORE.exec(before);
    if (!unit) return undefined;
    const unitStart = start - 1 - (unit[1] ?? '').length;
    pieces.push({ type: 'ADDRESS', start: unitStart, end: start - 1 });
  }
  const lastStart = start + lineBreak + 1;
  const last = TOWN_STATE_POSTCODE.exec(text.slice(lastStart, end));
  if (!last) return undefined;
  pieces.push(...streetPieces(text, streetStart, start + lineBreak));
  const town = last[1] ?? '';
  const state = last[2] ?? '';
  pieces.push({ type: 'LOCATION', start: lastStart, end: lastStart + town.length });
  pieces.push({ type: 'ADDRESS', start: lastStart + town.length + 1, end: lastStart + town.length + 1 + state.length });
  pieces.push({ type: 'ADDRESS', start: end - (last[3] ?? '').length, end });
  return pieces;
}

function letterBlock(text: string, start: number, end: number): AddressPiece[] | undefined {
  const lines: Array<[number, number]> = [];
  let from = start;
  const span = text.slice(start, end);
  for (const m of span.matchAll(LINE_BREAK)) {
    lines.push([from, start + m.index]);
    from = start + m.index + m[0].length;
  }
  lines.push([from, end]);
  const [lastStart, lastEnd] = lines[lines.length - 1] as [number, number];
  const lastLine = text.slice(lastStart, lastEnd);
  if (lines.length < 3 || !/\d{4,6}(?:-\d{4})?$/.test(lastLine)) return undefined;
  const pieces = streetPieces(text, ...(lines[0] as [number, number]));
  for (const [s, e] of lines.slice(1, -1)) pieces.push({ type: SECONDARY.test(text.slice(s, e)) ? 'ADDRESS' : 'LOCATION', start: s, end: e });
  const countryAndPostcode = COUNTRY_AND_POSTCODE.exec(lastLine);
  if (POSTCODE_ONLY.test(lastLine)) pieces.push({ type: 'ADDRESS', start: lastStart, end: lastEnd });
  else if (countryAndPostcode) {
    const country = countryAndPostcode[1] ?? '';
    pieces.push({ type: 'LOCATION', start: lastStart, end: lastStart + country.length });
    pieces.push({ type: 'ADDRESS', start: lastEnd - (countryAndPostcode[2] ?? '').length, end: lastEnd });
  } else return undefined;
  return pieces;
}

function inlineShort(text: string, start: number, end: number): AddressPiece[] | undefined {
  const span = text.slice(start, end);
  const comma = span.indexOf(', ');
  const street = comma < 0 ? span : span.slice(0, comma);
  const place = comma < 0 ? '' : span.slice(comma + 2);
  if (UNIT_INSIDE.test(street)) return undefined;
  if (place.includes(',') || /\d/.test(place)) return undefined;
  const pieces = streetPieces(text, start, start + street.length);
  if (pieces.length < 2 && place === '') return undefined;
  if (place !== '') pieces.push({ type: 'LOCATION', start: end - place.length, end });
  return pieces;
}

/** "95 Lille Vibyvej 8" is a building number before a street name that has its own number. */
function streetPieces(text: string, start: number, end: number): AddressPiece[] {
  const line = text.slice(start, end);
  const number = BUILDING_NUMBER.exec(line);
  if (!number || /^\d{4} \d{4}$/.test(line)) return [{ type: 'ADDRESS', start, end }];
  const numberEnd = start + (number[1] ?? '').length;
  return [{ type: 'ADDRESS', start, end: numberEnd }, { type: 'ADDRESS', start: numberEnd + 1, end }];
}
