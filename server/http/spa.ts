import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { routePath } from './request-path';

const API_PREFIXES = ['/api/', '/auth/'];

/** Serves the built SPA; every other non-API GET answers index.html so deep links work. */
export async function registerSpa(app: FastifyInstance, staticDir: string): Promise<void> {
  const indexFile = path.join(staticDir, 'index.html');
  const built = fs.existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: true,
      // The root is a directory to the static plugin: without an index it would answer 403 instead of the SPA.
      index: 'index.html',
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        void reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const requested = routePath(request);
    const isApi = API_PREFIXES.some((prefix) => requested.startsWith(prefix)) || requested === '/api';
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}.` });
    }
    if (!built) {
      return reply.status(503).type('text/plain').send('The console has not been built yet: run `npm run build`, then `npm run serve`.');
    }
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });
}
