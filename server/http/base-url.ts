import type { FastifyRequest } from 'fastify';

/** Base of links the server hands out: PUBLIC_URL when configured, else what the browser used. No trailing slash. */
export function baseUrlOf(request: FastifyRequest, publicUrl: string | undefined): string {
  return (publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}
