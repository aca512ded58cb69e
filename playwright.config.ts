import { defineConfig } from '@playwright/test';

// Browser tests run against the real built server on a fresh SQLite database, in Debian's Chromium.
const PORT = Number(process.env.E2E_PORT ?? 8181);
// One data folder per port, so that several runs (say, two engineers' suites) do not share a database.
const DATA_DIR = `.tmp/e2e-${PORT}`;
export const E2E_PASSWORD = 'e2e-demo-password';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
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
  webServer: {
    command: `rm -rf ${DATA_DIR} && mkdir -p ${DATA_DIR} && node dist/server/server.mjs`,
    url: `http://127.0.0.1:${PORT}/api/v1/meta`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${DATA_DIR}/console.db`,
      DEMO_PASSWORD: E2E_PASSWORD,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
  },
});
