import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { humanLogStream } from './human-log';

const SECRET_QUERY = /([?&](?:token|code|state|password|api_key|key)=)[^&#]*/gi;

/** Strips secrets from a URL before it is logged (reset links, OAuth codes). */
export function maskUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/** `human`: readable lines instead of JSON (the server passes whether its output is a terminal). */
export function loggerOptions(level: string, { human = false }: { human?: boolean } = {}): FastifyServerOptions['logger'] {
  return {
    level,
    ...(human ? { stream: humanLogStream() } : {}),
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password', '*.Password'],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { method: string; url: string; ip?: string; id?: string }) => ({
        id: request.id,
        method: request.method,
        url: maskUrl(request.url),
        ip: request.ip,
      }),
    },
  };
}

/** The level of the one line per request: below the default `info`, so that `npm start` shows start-up, warnings and errors. */
export const REQUEST_LOG_LEVEL = 'debug';

/**
 * One line per request, when it completes (Fastify's own logging, turned off with `disableRequestLogging`, writes two
 * at `info`: received and completed). Failures are logged by the error handler at their own level.
 */
export function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log[REQUEST_LOG_LEVEL]({ req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime }, 'request completed');
  });
}
