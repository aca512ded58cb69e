// People's names written in lower case in a text that otherwise has capitals ("my name is john smith", "email maria
// garcia"): capitals cannot tell them, so a cue before them and the name lists must.
import { COMMON_WORDS, FIRST_NAMES, LAST_NAMES, NEVER_NAMES } from './gazetteer';
import type { NerContext } from './ner-context';
import type { Token } from './tokens';

// Cues after which a known given name alone is a person, everyday word or not ("my name is will").
const NAMING_CUE = /(?:\bmy name is|\bname is|\bname:|\bnamed|\bcalled|\bcall me|\bje m'appelle|\bje m’appelle|\bme llamo|\bmi nombre es|\bich hei(?:ß|ss)e|\bmein name ist|\bmi chiamo|\bmeu nome é|\bmijn naam is|\bjag heter|\bjeg hedder|\bnazywam się)\s*$/;
// Cues after which a known given name that is no everyday word is a person ("i'm maria", "dear john", "ask pierre").
const PERSON_CUE = /(?:\bi'm|\bi’m|\bi am|\bthis is|\bdear|\bhi|\bhello|\bhey|\bregards,?|\bsincerely,?|\bthanks,?|\bsigned,?|\bcontact|\bask|\btell|\be-?mail|\bmessage|\btext|\bcall|\bmeet|\bmet|\bcc|\bpatient|\bcustomer|\bclient|\bemployee|\bmy (?:wife|husband|son|daughter|friend|boss|colleague|manager|mother|father|mom|mum|dad|brother|sister|neighbou?r|partner|doctor|lawyer|teacher))\s*[:,]?\s*$/;
// Cues after which only a given name followed by a family name counts ("with john smith", "from anna kowalski");
// "to", "and", "of", "for" are left out: they precede so many words that reading them all costs more than it finds.
const WEAK_CUE = /(?:\bwith|\bfrom|\bby|\bsays|\bsaid|\bpresident|\bmr\.?|\bmrs\.?|\bms\.?|\bdr\.?)\s*$/;
const SURNAME_ENDING = /(?:ov|ova|ev|eva|sson|sen|ski|ska|sky|cki|cka|enko|shvili|poulos|escu|ez|oğlu|yan|ian|stein|berg|mann|ová|ić|vić)$/;

// The last word of every cue above, then the space (and a colon or comma) before a lower-case word.
const CUE_GATE = new RegExp(
  `(?<![\\p{L}\\p{M}'’-])(?:${[
    'is', 'name', 'named', 'called', 'me', "m'appelle", 'm’appelle', 'llamo', 'es', 'heiße', 'heisse', 'ist', 'chiamo', 'é', 'naam', 'heter',
    'hedder', 'się', "i'm", 'i’m', 'am', 'this', 'dear', 'hi', 'hello', 'hey', 'regards', 'sincerely', 'thanks', 'signed', 'contact', 'ask',
    'tell', 'email', 'e-mail', 'mail', 'message', 'text', 'call', 'meet', 'met', 'cc', 'patient', 'customer', 'client', 'employee', 'wife',
    'husband', 'son', 'daughter', 'friend', 'boss', 'colleague', 'manager', 'mother', 'father', 'mom', 'mum', 'dad', 'brother', 'sister',
    'neighbor', 'neighbour', 'partner', 'doctor', 'lawyer', 'teacher', 'with', 'from', 'by', 'says', 'said',
    'president', 'mr\\.?', 'mrs\\.?', 'ms\\.?', 'dr\\.?',
  ].join('|')})[:,]? (?=\\p{Ll})`,
  'giu',
);

function isLowerWord(token: Token | undefined): token is Token {
  return token !== undefined && token.shape === 'lower' && !NEVER_NAMES.has(token.lower);
}

function isFamilyName(token: Token | undefined): boolean {
  if (!isLowerWord(token)) return false;
  const w = token.lower;
  return LAST_NAMES.has(w) || (FIRST_NAMES.has(w) && !COMMON_WORDS.has(w)) || (!COMMON_WORDS.has(w) && w.length > 4 && SURNAME_ENDING.test(w));
}

export function findLowerCaseNames(ctx: NerContext): void {
  const { tokens, text } = ctx;
  if (ctx.casing.allLower) return; // all-lower text is read by the ordinary passes
  // Only the words right after a cue word can be such a name: one pattern finds those places, so the tokens of the
  // rest of the text are not read (their lower-case forms are made on demand).
  let t = 0;
  for (const m of text.matchAll(CUE_GATE)) {
    const at = m.index + m[0].length;
    while (t < tokens.length && (tokens[t] as Token).start < at) t++;
    const i = t;
    const token = tokens[i];
    if (!isLowerWord(token) || token.start !== at || !ctx.isFree(token.start, token.end)) continue;
    const w = token.lower;
    const known = FIRST_NAMES.has(w) || LAST_NAMES.has(w);
    if (!known) continue;
    const before = ctx.before(i, 40);
    const naming = NAMING_CUE.test(before);
    const person = !naming && PERSON_CUE.test(before);
    const weak = !naming && !person && WEAK_CUE.test(before);
    if (!naming && !person && !weak) continue;
    if (!naming && (COMMON_WORDS.has(w) || !FIRST_NAMES.has(w))) continue;
    let last = i;
    while (last - i < 2 && text.slice(tokens[last]!.end, tokens[last + 1]?.start ?? 0) === ' ' && isFamilyName(tokens[last + 1]) && ctx.isFree(tokens[last + 1]!.start, tokens[last + 1]!.end)) last++;
    if (weak && last === i) continue;
    ctx.emit('PERSON', token.start, tokens[last]!.end, naming ? 0.7 : 0.6);
    t = last + 1;
  }
}
