import { defineConfig } from '@playwright/test';

// Browser tests run in Debian's Chromium against one of three targets, chosen with E2E_TARGET:
// - unset or "server" (default): the real built server (`npm run build` first) on a fresh SQLite database;
// - "mock": the Vite dev server in mock mode (VITE_MOCK_API=true, MSW answers in the browser; no server, no
//   database). Tests that need the real server are skipped there with the reason (see tests/e2e/target.ts);
// - E2E_BASE_URL=<url> (with either target): a console already running at that URL; nothing is started.
export const E2E_TARGET: 'server' | 'mock' = process.env.E2E_TARGET === 'mock' ? 'mock' : 'server';
const PORT = Number(process.env.E2E_PORT ?? (E2E_TARGET === 'mock' ? 5181 : 8181));
// One data folder per port, so that several runs (say, two engineers' suites) do not share a database.
const DATA_DIR = `.tmp/e2e-${PORT}`;
/** The demo password of the seeded users; in mock mode the mocks' accounts take the same one (mocks/handlers.ts). */
export const E2E_PASSWORD = E2E_TARGET === 'mock' ? 'demo-password' : 'e2e-demo-password';
const BASE_URL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${PORT}`;

// The research fixture (tests/fakes/research: DNS, a CA, fixture company sites on 127.0.0.1) starts before the server,
// on ports derived from the server's, so that the server's research settings point at it (tests/e2e/research.flags.spec.ts
// reads the sites' ports from its status answer).
const FIXTURE_DIR = `${DATA_DIR}-research-fixture`;
export const RESEARCH_FIXTURE_STATUS_URL = `http://127.0.0.1:${PORT + 2}/`;
const researchFixture = {
  command: 'npx tsx scripts/research-fixture.ts',
  url: RESEARCH_FIXTURE_STATUS_URL,
  reuseExistingServer: false,
  timeout: 60_000,
  env: { RESEARCH_FIXTURE_DIR: FIXTURE_DIR, RESEARCH_FIXTURE_DNS_PORT: String(PORT + 1), RESEARCH_FIXTURE_STATUS_PORT: String(PORT + 2) },
};

const realServer = {
  command: `rm -rf ${DATA_DIR} && mkdir -p ${DATA_DIR} && node --max-semi-space-size=64 --no-regexp-tier-up dist/server/server.mjs`,
  url: `http://127.0.0.1:${PORT}/api/v1/meta`,
  reuseExistingServer: false,
  timeout: 60_000,
  // The server's warnings and errors (LOG_LEVEL warn) go to the run's output: a 500 in CI shows its cause there.
  stdout: 'pipe' as const,
  env: {
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${DATA_DIR}/console.db`,
    DEMO_PASSWORD: E2E_PASSWORD,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    RESEARCH_DNS_SERVERS: `127.0.0.1:${PORT + 1}`,
    RESEARCH_EXTRA_CA_FILE: `${FIXTURE_DIR}/fixture-ca.pem`,
    // The fixture sites are on 127.0.0.1, which the outbound guard refuses unless it is allowed.
    OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
  },
};

const mockServer = {
  command: `npx vite --mode mock --port ${PORT} --strictPort --host 127.0.0.1`,
  url: `http://127.0.0.1:${PORT}/login`,
  reuseExistingServer: false,
  // Vite optimizes the dependencies on its first start: give it room on a busy machine.
  timeout: 120_000,
  env: { VITE_MOCK_API: 'true' },
};

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  timeout: E2E_TARGET === 'mock' ? 60_000 : 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    screenshot: 'only-on-failure',
    // Recording a trace of every test cost a quarter of the suite's time; CI retries a failed test once, with a trace.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // Specs named *.flags.spec.ts turn organization feature flags on (the research dashboards replace Observability in
  // the menu), so they run after every other spec has finished, never beside one that checks the menus.
  projects: [
    { name: 'console', testIgnore: /\.flags\.spec\.ts$/ },
    { name: 'feature-flags', testMatch: /\.flags\.spec\.ts$/, dependencies: ['console'] },
  ],
  webServer: process.env.E2E_BASE_URL ? undefined : E2E_TARGET === 'mock' ? mockServer : [researchFixture, realServer],
});
