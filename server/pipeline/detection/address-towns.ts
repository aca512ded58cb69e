// The town that closes an inline address: "64 Via Capo le Case 143, Calino", "59 Metsanurga 48, Vadsa". The address
// finder extends an address over the places it knows; an unknown town written last, after a comma, at the end of its
// line or sentence, is still the address's town (LOCATION, the corpora's convention for a town beside an address).
import { FIRST_NAMES } from './gazetteer';
import type { NerContext } from './ner-context';

// One to three capitalised words (any script, all capitals included), then the end of the line, sentence or text.
const TOWN_AFTER = /^, ?(\p{Lu}[\p{L}\p{M}'’.-]*(?:[ -]\p{Lu}[\p{L}\p{M}'’.-]*){0,2})(?=[ \t]*(?:\n|$|[.;!?)"”]))/u;
// Words that close an address line without being a town ("…, Suite", "…, USA" is a country and found as a place).
const NOT_TOWNS = new Set(['suite', 'apt', 'apartment', 'unit', 'floor', 'room', 'box', 'po', 'p.o.', 'inc', 'inc.', 'ltd', 'ltd.', 'llc', 'thanks', 'regards']);

/** Capitals are what tell a town here: text without any is left to the other passes. */
export function findTownsAfterAddresses(ctx: NerContext): void {
  if (ctx.casing.allLower) return;
  // Address entities are emitted first, in text order; a copy, since towns are emitted as the loop runs.
  for (const address of ctx.out.filter((entity) => entity.type === 'ADDRESS')) {
    const after = ctx.text.slice(address.end, address.end + 60);
    const m = TOWN_AFTER.exec(after);
    if (!m) continue;
    // A full stop after the town ends the sentence ("…, Vadsa."); one inside it stays ("St. Gallen").
    const town = (m[1] as string).replace(/\.$/, '');
    // "2013 Gary Court, Jens Taylor": a given name opens a person's name, not a town.
    if (NOT_TOWNS.has(town.toLowerCase()) || FIRST_NAMES.has((town.split(/[ -]/)[0] as string).toLowerCase())) continue;
    const start = address.end + m[0].length - (m[1] as string).length;
    const end = start + town.length;
    if (ctx.isFree(start, end)) ctx.emit('LOCATION', start, end, 0.5);
  }
}
