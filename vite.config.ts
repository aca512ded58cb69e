import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const apiTarget = process.env.API_URL ?? 'http://localhost:8080';

/**
 * Mock mode's service worker, served by the dev server from the installed msw (so it always matches the library)
 * instead of a copy in public/, which every production build would ship.
 */
function mockServiceWorker(): Plugin {
  const file = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js');
  return {
    name: 'mock-service-worker',
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', (_request, response) => {
        response.setHeader('content-type', 'text/javascript');
        response.end(readFileSync(file));
      });
    },
  };
}

export default defineConfig(({ mode }) => ({
  plugins: mode === 'mock' ? [react(), mockServiceWorker()] : [react()],
  build: {
    outDir: 'dist/public',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      // domain/ only defines things: a page that uses one schema of the barrel does not pull in the others.
      treeshake: { moduleSideEffects: (id) => !id.includes('/domain/') },
    },
  },
  server: {
    // Mock mode (`npm run dev:mock`, .env.mock) has no server behind it: the service worker answers /api/ in the
    // browser. A proxy would catch what reaches Vite before the worker controls the page (a full load or reload of a
    // deep link) and answer the browser with "502 Bad Gateway"; without it such requests get Vite's own answer.
    proxy:
      mode === 'mock'
        ? undefined
        : {
            // Keys match by prefix: '/auth' alone would also catch the module /authProvider/index.ts.
            '/api/': apiTarget,
            '/auth/': apiTarget,
          },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['{domain,src,resources,dataProvider,authProvider,mocks}/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/unit.ts'],
          // Tests that render the whole app load react-admin and MUI first; give them room on a busy 2-core machine.
          testTimeout: 20000,
          server: { deps: { inline: ['ra-data-graphql'] } },
          // Both cores (the default leaves one idle on a 2-core machine), and one module graph per worker instead of
          // re-importing react-admin and MUI for every file: the unit stage went from 10 to 4 minutes.
          maxWorkers: 2,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts'],
          setupFiles: ['tests/setup/server.ts'],
          testTimeout: 20000,
          hookTimeout: 60000,
          fileParallelism: true,
          maxWorkers: 2,
          // Every file builds its own app on its own database (tests/helpers/build.ts), so files need not re-import the
          // server's modules: importing them was two thirds of the stage (SQLite 5.8 → 1.3 minutes).
          isolate: false,
        },
      },
    ],
  },
}));
