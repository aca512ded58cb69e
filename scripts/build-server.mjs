// Bundles the Fastify server (and the domain contract it imports) into dist/server/server.mjs, and the worker threads
// beside it (extraction-worker.mjs, detection-worker.mjs and page-text-worker.mjs, started by server/workers/worker-pool.ts;
// job-host-worker.mjs, started by server/jobs/job-host.ts when JOBS_THREAD is on).
// Packages stay external: node_modules is there at run time, and native addons cannot be bundled.
import { build } from 'esbuild';

await build({
  entryPoints: {
    server: 'server/server.ts',
    'extraction-worker': 'server/data-sources/extraction-worker.ts',
    'detection-worker': 'server/pipeline/detection-worker.ts',
    'page-text-worker': 'server/research/sections/page-text-worker.ts',
    'job-host-worker': 'server/jobs/job-host-worker.ts',
  },
  outdir: 'dist/server',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('server built: dist/server/server.mjs, extraction-worker.mjs, detection-worker.mjs, page-text-worker.mjs, job-host-worker.mjs');
