import type { FastifyServerOptions } from 'fastify';

const SECRET_QUERY = /([?&](?:token|code|state|password|api_key|key)=)[^&#]*/gi;

/** Strips secrets from a URL before it is logged (reset links, OAuth codes). */
export function maskUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
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
