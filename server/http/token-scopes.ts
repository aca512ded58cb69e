// What a personal access token may call. The gateway (/api/v1/openai/…) needs the `gateway` scope; every other API
// route the `admin` scope. Whatever its scopes, a token never mints tokens (personal or copilot) and never manages
// users, groups, identity providers, customers or organizations: those stay with a signed-in person, so a leaked
// token cannot make itself permanent or create admins.
import type { TokenScope } from '../../domain/enums';

export const GATEWAY_PATH_PREFIX = '/api/v1/openai/';

export const NO_GATEWAY_SCOPE_MESSAGE = 'This access token does not have the gateway scope.';
export const NO_ADMIN_SCOPE_MESSAGE = 'This access token may only call the gateway (/api/v1/openai); create a token with the admin scope to use the rest of the API.';
export const SESSION_ONLY_MESSAGE = 'An access token cannot create tokens or manage users; sign in to do this.';

const MUTATIONS = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** Route patterns (as registered) a token may never call, with the methods concerned. */
const SESSION_ONLY: readonly { pattern: RegExp; methods: readonly string[] | 'all' }[] = [
  { pattern: /^\/api\/v1\/tokens(\/|$)/, methods: 'all' },
  { pattern: /^\/api\/v1\/apps\/:id\/token$/, methods: 'all' },
  { pattern: /^\/api\/v1\/(users|groups|idps|customers)(\/|$)/, methods: MUTATIONS },
  { pattern: /^\/api\/v1\/organizations(\/:id)?$/, methods: MUTATIONS },
];

export function isSessionOnly(method: string, routePattern: string): boolean {
  return SESSION_ONLY.some((rule) => rule.pattern.test(routePattern) && (rule.methods === 'all' || rule.methods.includes(method)));
}

/**
 * Why this token may not make this call, or null when it may. Judged by the matched route's pattern (what will
 * run), not the raw URL, so no spelling of a path reaches another route under the gateway's name; the raw path only
 * for a URL that matches no route (a 404 either way).
 */
export function tokenRefusal(scopes: readonly TokenScope[], method: string, routePattern: string): string | null {
  if (routePattern.startsWith(GATEWAY_PATH_PREFIX)) return scopes.includes('gateway') ? null : NO_GATEWAY_SCOPE_MESSAGE;
  if (!scopes.includes('admin')) return NO_ADMIN_SCOPE_MESSAGE;
  return isSessionOnly(method, routePattern) ? SESSION_ONLY_MESSAGE : null;
}
