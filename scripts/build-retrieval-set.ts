// Builds the labelled retrieval set of `npm run bench:retrieval` (server/data-sources/retrieval-set/): known-item
// queries whose text is NOT in the indexed documents, from two licensed public sources on this machine:
//   - tldr-pages (CC BY 4.0) example rows of /work/shared/eval/train/benign.jsonl: one document per command (its
//     examples: description and command line); for a command with two or more examples, one example's description is
//     held out as the query and only its command line stays in the document.
//   - the README of each npm package in node_modules under a permissive licence: the query is the package.json
//     "description", the document the README (cut to 3,000 characters) without the lines that carry the description.
// Deterministic for a given node_modules (package-lock.json) and corpus file:
//   npx tsx scripts/build-retrieval-set.ts [path/to/benign.jsonl]
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'server', 'data-sources', 'retrieval-set');
const corpus = process.argv[2] ?? '/work/shared/eval/train/benign.jsonl';
const PERMISSIVE = new Set(['MIT', 'ISC', 'Apache-2.0', 'BSD-2-Clause', 'BSD-3-Clause', '0BSD', 'CC0-1.0', 'BlueOak-1.0.0', 'MIT-0']);
const README_CHARS = 3000;

interface LabelledDocument { id: string; title: string; text: string; source: string; licence: string }
interface LabelledQuery { id: string; text: string; relevant: string[] }

const normalize = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
const stableOrder = (key: string) => createHash('sha256').update(key).digest('hex');

function tldrSet(): { documents: LabelledDocument[]; queries: LabelledQuery[] } {
  const byCommand = new Map<string, { description: string; command: string }[]>();
  for (const line of readFileSync(corpus, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const row = JSON.parse(line) as { text: string; source: string };
    if (row.source !== 'tldr-pages/tldr') continue;
    const match = /^([\s\S]*?)\n\n`([^`]+)`\s*$/.exec(row.text);
    if (!match) continue;
    const [, description, command] = match as unknown as [string, string, string];
    const words = command.split(/\s+/).filter((word) => word !== 'sudo');
    const name = words[0];
    if (!name) continue;
    byCommand.set(name, [...(byCommand.get(name) ?? []), { description: description.trim(), command }]);
  }
  const documents: LabelledDocument[] = [];
  const queries: LabelledQuery[] = [];
  for (const name of [...byCommand.keys()].sort()) {
    const examples = [...byCommand.get(name)!].sort((a, b) => stableOrder(a.description).localeCompare(stableOrder(b.description)));
    const id = `tldr:${name}`;
    const heldOut = examples.length >= 2 ? examples[0]! : null;
    const lines = examples.map((example) => (example === heldOut ? `\`${example.command}\`` : `- ${example.description}\n  \`${example.command}\``));
    documents.push({ id, title: `${name}.md`, text: `# ${name}\n\n${lines.join('\n\n')}\n`, source: 'tldr-pages/tldr', licence: 'CC BY 4.0' });
    if (heldOut) queries.push({ id: `q:${id}`, text: heldOut.description, relevant: [id] });
  }
  return { documents, queries };
}

function packageDirs(): string[] {
  const base = join(root, 'node_modules');
  return readdirSync(base)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) => (name.startsWith('@') ? readdirSync(join(base, name)).map((inner) => join(base, name, inner)) : [join(base, name)]))
    .filter((dir) => statSync(dir).isDirectory())
    .sort();
}

function npmSet(): { documents: LabelledDocument[]; queries: LabelledQuery[] } {
  const documents: LabelledDocument[] = [];
  const queries: LabelledQuery[] = [];
  for (const dir of packageDirs()) {
    const manifestPath = join(dir, 'package.json');
    if (!existsSync(manifestPath)) continue;
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { name?: string; version?: string; description?: string; license?: string | { type?: string } };
    const licence = typeof manifest.license === 'object' ? manifest.license?.type : manifest.license;
    const description = (manifest.description ?? '').trim();
    const readme = readdirSync(dir).find((file) => /^readme(\.md|\.markdown|\.txt)?$/i.test(file));
    if (!manifest.name || !licence || !PERMISSIVE.has(licence) || description.length < 25 || !readme) continue;
    const wanted = normalize(description);
    const kept = readFileSync(join(dir, readme), 'utf8')
      .split('\n')
      .filter((line) => {
        const text = normalize(line);
        return !(text.includes(wanted) || (text.length > 20 && wanted.includes(text)));
      });
    let text = '';
    for (const line of kept) {
      if (text.length + line.length + 1 > README_CHARS) break;
      text += `${line}\n`;
    }
    // The query must not be findable verbatim: the point is to match a description to a page that does not repeat it.
    if (text.length < 300 || normalize(text).includes(wanted)) continue;
    const id = `npm:${manifest.name}`;
    documents.push({ id, title: `${manifest.name}@${manifest.version} README.md`, text, source: `npm ${manifest.name}@${manifest.version}`, licence });
    queries.push({ id: `q:${id}`, text: description, relevant: [id] });
  }
  return { documents, queries };
}

const sets = [tldrSet(), npmSet()];
const documents = sets.flatMap((set) => set.documents);
const queries = sets.flatMap((set) => set.queries);
writeFileSync(join(outDir, 'documents.jsonl'), documents.map((document) => JSON.stringify(document)).join('\n') + '\n');
writeFileSync(join(outDir, 'queries.jsonl'), queries.map((query) => JSON.stringify(query)).join('\n') + '\n');
console.log(`${documents.length} documents, ${queries.length} queries (tldr: ${sets[0]!.documents.length} / ${sets[0]!.queries.length}; npm: ${sets[1]!.documents.length} / ${sets[1]!.queries.length})`);
