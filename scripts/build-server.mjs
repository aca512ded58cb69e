// Bundles the Fastify server (and the domain contract it imports) into dist/server/server.mjs.
// Packages stay external: node_modules is there at run time, and native addons cannot be bundled.
import { build } from 'esbuild';

await build({
  entryPoints: ['server/server.ts'],
  outfile: 'dist/server/server.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('server built: dist/server/server.mjs');
