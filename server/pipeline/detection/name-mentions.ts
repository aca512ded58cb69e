/**
 * A name written in full once ("Jane Doe", "Mr. Doe") and later by one of its parts alone ("Doe said"): the part is
 * the same person, even when it is an everyday word or an unknown one the dictionaries cannot vouch for.
 */
import { COMMON_WORDS, NEVER_NAMES } from './gazetteer';
import type { NerContext } from './ner-context';
import { withoutPossessive } from './org-names';
import type { Token } from './tokens';
import { isCapitalised } from './tokens';

const TITLE = /^(?:mr|mrs|ms|miss|dr|prof|mx|mister)\.?$/i;
const PARTICLES = /^(?:van|von|der|den|de|da|di|del|della|la|le|du|ten|ter|bin|ibn|al|dos|das|do|y)$/;
// A sentence-initial everyday word is the name again only when a verb follows ("Doe said", not "Doe deer are").
const VERB_AFTER = /^ (?:said|told|is|was|has|had|will|would|can|could|did|does|thought|[a-z]{2,}(?:ed|s))\b/;

export function findRepeatedNameParts(ctx: NerContext): void {
  const parts = namePartsOfFullNames(ctx);
  if (parts.size === 0) return;
  for (let i = 0; i < ctx.tokens.length; i++) {
    const token = ctx.tokens[i] as Token;
    // Capitals first: most words are lower-case, and their look-up would hash every one of them.
    if (!isCapitalised(token, ctx.casing)) continue;
    const key = withoutPossessive(token.lower) ?? token.lower;
    if (!parts.has(key) || !ctx.isFree(token.start, token.end)) continue;
    if (token.shape === 'upper' && !ctx.casing.mostlyUpper) continue;
    const end = key === token.lower ? token.end : token.end - 2;
    if (COMMON_WORDS.has(key)) {
      if (ctx.casing.allLower) continue;
      if (ctx.startsSentence(i) && !VERB_AFTER.test(ctx.text.slice(end, end + 16))) continue;
    }
    ctx.emit('PERSON', token.start, end, 0.6);
  }
}

/** The words of the people found with two or more names, or with a title before them. */
function namePartsOfFullNames(ctx: NerContext): Set<string> {
  const people = ctx.out.filter((e) => e.type === 'PERSON').sort((a, b) => a.start - b.start);
  const parts = new Set<string>();
  people.forEach((person, n) => {
    if (TITLE.test(person.text)) return;
    const previous = people[n - 1];
    const titled = previous !== undefined && TITLE.test(previous.text) && ctx.text.slice(previous.end, person.start) === ' ';
    const words = person.text.split(/\s+/).filter((w) => w !== '' && !PARTICLES.test(w));
    if (words.length < 2 && !titled) return;
    for (const word of words) {
      const lower = word.toLowerCase();
      if (lower.length >= 2 && !NEVER_NAMES.has(lower)) parts.add(lower);
    }
  });
  return parts;
}
