import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** Where the links the server hands out (password links, OIDC redirect URIs) point. */
export interface PublicOrigin {
  /** PUBLIC_URL: when set, every link starts with it and the request is never consulted. */
  url: string | undefined;
  /** Lower-cased `host` or `host:port` entries whose Host header may give the base when PUBLIC_URL is unset. */
  allowedHosts: readonly string[];
  /** The base when neither applies: this machine's own address, which a forged Host cannot redirect. */
  fallback: string;
}

const ALWAYS_ALLOWED = ['localhost', '127.0.0.1', '[::1]'];
const HOST_PATTERN = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

export function publicOriginOf(config: Pick<Config, 'PUBLIC_URL' | 'ALLOWED_HOSTS' | 'HOST' | 'PORT'>): PublicOrigin {
  const listening = ['0.0.0.0', '::', '[::]'].includes(config.HOST) ? [] : [config.HOST.includes(':') && !config.HOST.startsWith('[') ? `[${config.HOST}]` : config.HOST];
  return {
    url: config.PUBLIC_URL?.replace(/\/+$/, ''),
    allowedHosts: [...ALWAYS_ALLOWED, ...listening, ...config.ALLOWED_HOSTS].map((host) => host.toLowerCase()),
    fallback: `http://localhost:${config.PORT}`,
  };
}

/**
 * Base of links the server hands out, without a trailing slash: PUBLIC_URL when configured; else what the browser used,
 * but only when its Host (X-Forwarded-Host behind a trusted proxy) is on the allow-list; else this machine's address,
 * with a warning in the log. A forged Host header never makes it into a link.
 */
export function baseUrlOf(request: FastifyRequest, origin: PublicOrigin): string {
  if (origin.url) return origin.url;
  const host = request.host.toLowerCase();
  if (isAllowedHost(host, origin.allowedHosts)) return `${request.protocol}://${host}`;
  request.log.warn(
    `PUBLIC_URL is not set and this request's Host is not in ALLOWED_HOSTS: the link is built on ${origin.fallback}. Set PUBLIC_URL to the console's public address.`,
  );
  return origin.fallback;
}

/** `host` entries allow any port; `host:port` entries only that port. */
export function isAllowedHost(host: string, allowed: readonly string[]): boolean {
  if (!HOST_PATTERN.test(host)) return false;
  const hostname = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!;
  return allowed.includes(host) || allowed.includes(hostname);
}

export function isValidHostEntry(entry: string): boolean {
  return HOST_PATTERN.test(entry.toLowerCase());
}
