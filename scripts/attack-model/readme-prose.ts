// Harmless natural prose for the classifier's benign class: sentences from the README files of the npm packages
// installed here whose licence is permissive (MIT, ISC, BSD, Apache-2.0, 0BSD). Code blocks, tables, headings,
// links-only lines and badges are left out. The text only shapes the weights; none of it is committed.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const PERMISSIVE = /^(?:MIT|ISC|0BSD|BSD-2-Clause|BSD-3-Clause|Apache-2\.0)$/i;

function packageDirs(nodeModules: string): string[] {
  const dirs: string[] = [];
  for (const name of readdirSync(nodeModules).sort()) {
    if (name.startsWith('.')) continue;
    if (name.startsWith('@')) for (const sub of readdirSync(join(nodeModules, name)).sort()) dirs.push(join(nodeModules, name, sub));
    else dirs.push(join(nodeModules, name));
  }
  // Sorted, so that the same installed packages give the same training data on every machine.
  return dirs;
}

function licenceOf(dir: string): string {
  try {
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { license?: unknown };
    return typeof pkg.license === 'string' ? pkg.license : '';
  } catch {
    return '';
  }
}

function proseLines(markdown: string): string[] {
  const out: string[] = [];
  let inCode = false;
  for (const raw of markdown.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('```')) {
      inCode = !inCode;
      continue;
    }
    if (inCode || line === '' || /^(?:#|\||<|!\[|\[!\[|-{3,}|={3,}|>)/.test(line)) continue;
    const text = line.replace(/^[-*+] |^\d+\. /, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*_]/g, '');
    if (text.length < 40 || text.length > 400 || !/[a-z]{3,} [a-z]{3,} [a-z]{3,}/.test(text)) continue;
    out.push(text);
  }
  return out;
}

/** Prose lines of permissively licensed READMEs under `nodeModules`, de-duplicated. */
export function readmeProse(nodeModules: string): string[] {
  const seen = new Set<string>();
  for (const dir of packageDirs(nodeModules)) {
    const readme = ['README.md', 'readme.md', 'Readme.md'].map((f) => join(dir, f)).find((f) => existsSync(f));
    if (!readme || !PERMISSIVE.test(licenceOf(dir))) continue;
    for (const line of proseLines(readFileSync(readme, 'utf8'))) seen.add(line);
  }
  return [...seen];
}
