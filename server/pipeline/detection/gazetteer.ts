// Dictionaries are built once at import from the generated JSON under data/ (see scripts/build-detection-data.ts).
import commonWordList from './data/common-words.json';
import personNames from './data/person-names.json';
import places from './data/places.json';

export const FIRST_NAMES: ReadonlySet<string> = new Set(personNames.first);
export const LAST_NAMES: ReadonlySet<string> = new Set(personNames.last);
export const COMMON_WORDS: ReadonlySet<string> = new Set(commonWordList);
export const COUNTRIES: ReadonlySet<string> = new Set([...places.countries, 'usa', 'uk', 'u.s.', 'u.k.', 'america', 'england', 'scotland', 'wales', 'europe', 'asia', 'africa',
  'czech republic', 'united states', 'united states of america', 'russia', 'south korea', 'north korea', 'ivory coast',
  'the netherlands', 'holland', 'great britain', 'vatican city', 'burma', 'swaziland', 'macedonia', 'east timor']);
export const REGIONS: ReadonlySet<string> = new Set(places.regions);
export const CITIES: ReadonlySet<string> = new Set(places.cities);

/** First words of every place name, for a quick "can a place start here?" test. */
export const PLACE_FIRST_WORDS: ReadonlySet<string> = new Set(
  [COUNTRIES, REGIONS, CITIES].flatMap((names) => [...names].map((name) => name.split(' ')[0] ?? name)),
);

/** Words that look like names in capitals but are grammar, calendar or pronoun words. */
export const NEVER_NAMES: ReadonlySet<string> = new Set(
  ('i me my mine you your he him his she her they them their we us our it its the a an and or but if then so this that these those ' +
    'there here what which who whom whose when where why how not no yes ok hi hello hey dear thanks thank please sir madam ' +
    'monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september ' +
    'october november december today tomorrow yesterday god mr mrs ms miss dr prof mx jr sr apt suite unit box street road ' +
    'avenue lane drive north south east west new old saint st san santa los las el la le de del des du van von der den ' +
    'al da di do dos das ai gpt chatgpt openai api json html css sql dan developer mode name ' +
    "i'm i’m i've i’ve i'd i’d i'll i’ll iban")
    .split(' '),
);

/** Whether a single lowercase word is a known place name of any kind. */
export function isKnownPlace(lower: string): boolean {
  return COUNTRIES.has(lower) || REGIONS.has(lower) || CITIES.has(lower);
}
