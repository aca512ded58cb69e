import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { WorkerOptions } from 'node:worker_threads';
import { Worker } from 'node:worker_threads';

/**
 * A worker thread running `name`: the bundle esbuild emits beside the server's (`scripts/build-server.mjs`), or, run
 * from the TypeScript source (tsx, vitest), the source in the folder `sourceDir` loaded through tsx's loader registered
 * inside the worker.
 */
export function spawnWorker(name: string, sourceDir: URL, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL(`./${name}.mjs`, import.meta.url), options);
  const loader = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const source = new URL(`./${name}.ts`, sourceDir).href;
  const bootstrap = `import(${JSON.stringify(loader)}).then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}
