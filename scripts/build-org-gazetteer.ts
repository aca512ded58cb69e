// Builds server/pipeline/detection/data/organizations.json, a gazetteer of company names, from the npm data package
// @cspell/dict-companies 3.2.13 (MIT; company names of cspell's spelling dictionary), fetched with `npm pack`
// (pinned version; nothing is installed). Brand lists of software products (simple-icons, say) were tried and left
// out: "JavaScript", "Linux" or "JSON" in a prompt are not organisations.
//   npm run build:org-gazetteer
// A name is left out when it is also an everyday English word, a first or family name, a country, region or city, or
// when it is too short to be told from an abbreviation; those need context, which organizations.ts looks for.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dataDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'server', 'pipeline', 'detection', 'data');
const SOURCE = { spec: '@cspell/dict-companies@3.2.13', file: 'package/dict/companies.txt' };

function fetchFile(spec: string, file: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'org-gazetteer-'));
  try {
    const tarball = execFileSync('npm', ['pack', spec, '--silent'], { cwd: dir, encoding: 'utf8' }).trim().split('\n').pop() ?? '';
    execFileSync('tar', ['xzf', tarball, file], { cwd: dir });
    return readFileSync(join(dir, file), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const readJson = <T>(file: string) => JSON.parse(readFileSync(join(dataDir, file), 'utf8')) as T;
const common = new Set(readJson<string[]>('common-words.json'));
const people = readJson<{ first: string[]; last: string[] }>('person-names.json');
const places = readJson<{ countries: string[]; regions: string[]; cities: string[] }>('places.json');
// Cities only count against one-word names ("Cambridge"); "Tokyo Metro" keeps its place word.
const excluded = new Set([...common, ...people.first, ...people.last, ...places.countries, ...places.regions, ...places.cities]);

// Nationality and regional adjectives the company list holds as parts of names ("American", "Norwegian").
const DEMONYMS = new Set(
  ('american australian belarusian brazilian british caribbean chinese eurasian hungarian indian mexican norwegian ' +
    'european african asian canadian japanese korean german french italian spanish russian swiss dutch swedish danish ' +
    'finnish irish scottish welsh polish turkish greek arab arabian emirates pacific atlantic nordic continental national')
    .split(' '),
);
for (const word of DEMONYMS) excluded.add(word);

const names = new Set<string>();
for (const line of fetchFile(SOURCE.spec, SOURCE.file).split('\n')) names.add(line.trim());

const kept: string[] = [];
for (const name of names) {
  // The dictionary holds single words; three letters or fewer are mostly abbreviations and tickers ("CSX").
  if (!/^\p{L}[\p{L}\p{M}\p{N}&'’.-]*$/u.test(name) || name.length < 4) continue;
  const lower = name.toLowerCase();
  if (excluded.has(lower) || excluded.has(lower.replace(/[.'’-]/g, ''))) continue;
  kept.push(lower);
}
const text = JSON.stringify([...new Set(kept)].sort());
writeFileSync(join(dataDir, 'organizations.json'), text);
console.log(`organizations.json: ${kept.length} company names, ${(text.length / 1024).toFixed(0)} KiB`);
