// Every call that leaves the console goes through server/outbound: this scan fails when server code calls the
// platform's fetch, node's http(s) or sockets, or another HTTP client directly, or builds an SDK client without the
// guarded fetch. Tests and test fixtures may (they talk to the app itself and to their 127.0.0.1 fixtures).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = path.resolve(__dirname, '..');
const OUTBOUND = path.join(SERVER, 'outbound');
/** Test-only code that is not named *.test.ts: the OpenID provider the sign-in tests run against. Benchmark drivers
 * (`*.bench.ts` and `bench/` folders) are left out too: they load the console from outside, on 127.0.0.1. */
const TEST_FIXTURES = new Set([path.join(SERVER, 'directory', 'oidc-test-provider.ts')]);
/** The files that build SDK clients, each handing them the guarded fetch of its settings. */
const SDK_CLIENT_FILES = new Set([path.join(SERVER, 'models', 'providers', 'openai-compatible.ts'), path.join(SERVER, 'models', 'providers', 'anthropic.ts')]);

const RAW_CALLS: [RegExp, string][] = [
  [/(?<![\w.$])fetch\s*\(/, 'the platform fetch'],
  [/globalThis\.fetch\b/, 'the platform fetch'],
  [/\bhttps?\.(request|get)\s*\(/, "node's http(s) client"],
  [/\b(net|tls)\.connect\s*\(/, 'a raw socket'],
  [/from\s+['"](undici|axios|got|node-fetch|ky|superagent)['"]/, 'another HTTP client'],
  [/\bnew\s+(EventSource|WebSocket)\s*\(/, 'a socket the guard does not see'],
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === OUTBOUND || entry.name === 'bench' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|bench)\.tsx?$/.test(entry.name) && !TEST_FIXTURES.has(full) ? [full] : [];
  });
}

/** The code without comments and string contents, so that prose and examples do not count. */
function codeOf(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1')
    .replace(/`(?:[^`\\]|\\.)*`/g, '``')
    .replace(/'(?:[^'\\\n]|\\.)*'/g, "''");
}

describe('outbound calls', () => {
  const files = sourceFiles(SERVER);

  it('finds the server code it scans', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files).toContain(path.join(SERVER, 'data-sources', 'connectors.ts'));
  });

  it('are made only through server/outbound', () => {
    const offenders: string[] = [];
    for (const file of files) {
      const lines = codeOf(fs.readFileSync(file, 'utf8')).split('\n');
      lines.forEach((line, index) => {
        for (const [pattern, what] of RAW_CALLS) {
          if (pattern.test(line)) offenders.push(`${path.relative(SERVER, file)}:${index + 1} uses ${what}: ${line.trim()}`);
        }
      });
    }
    expect(offenders).toEqual([]);
  });

  it('build SDK clients only with the guarded fetch', () => {
    const offenders: string[] = [];
    for (const file of files) {
      const code = codeOf(fs.readFileSync(file, 'utf8'));
      const constructions = code.match(/\bnew\s+(OpenAI|AzureOpenAI|Anthropic)\s*\(/g) ?? [];
      if (!constructions.length) continue;
      if (!SDK_CLIENT_FILES.has(file)) offenders.push(`${path.relative(SERVER, file)} builds ${constructions.join(', ')}`);
      else if (!/\bfetch:\s*settings\.fetch\b/.test(code)) offenders.push(`${path.relative(SERVER, file)} builds an SDK client without fetch: settings.fetch`);
    }
    expect(offenders).toEqual([]);
  });
});
