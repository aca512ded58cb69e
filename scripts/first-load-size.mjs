// Measures what the sign-in page costs a first visitor: starts the built server (npm run build first) on a fresh
// SQLite file, opens /login in Debian's Chromium, and sums the gzip size of every JavaScript file the page loaded.
// Usage: node scripts/first-load-size.mjs [port]   (default 8199; needs /usr/bin/chromium or CHROMIUM_PATH)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';

const GOAL_KB = 300;
const port = Number(process.argv[2] ?? 8199);
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-load-'));
const server = spawn(process.execPath, ['dist/server/server.mjs'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: `sqlite:${dataDir}/console.db`, SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
  stdio: 'ignore',
});

async function waitForServer() {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      if ((await fetch(`${base}/api/v1/meta`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start within 60 s');
}

try {
  await waitForServer();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const page = await browser.newPage();
  const scripts = new Set();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  await page.goto(`${base}/login`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await page.waitForLoadState('networkidle');
  await browser.close();

  const sizes = [...scripts].map((pathname) => {
    const file = fs.readFileSync(path.join('dist/public', pathname));
    return { pathname, raw: file.length, gzip: gzipSync(file).length };
  });
  const total = (key) => sizes.reduce((sum, item) => sum + item[key], 0) / 1024;
  for (const item of sizes.sort((a, b) => b.gzip - a.gzip).slice(0, 8)) console.log(`  ${(item.gzip / 1024).toFixed(1).padStart(7)} kB gzip  ${item.pathname}`);
  console.log(`/login loads ${sizes.length} JavaScript files: ${total('raw').toFixed(0)} kB, ${total('gzip').toFixed(0)} kB gzip (goal ${GOAL_KB} kB gzip)`);
} finally {
  server.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
