// §8: "Any response that is missing or has status 401: the stored sign-in state is cleared; unless the
// current path is the root or ends with one of the open routes, the browser goes to /auth/google/logout;
// the rejection is then passed on to the caller." Used by the HTTP client and by authProvider.checkError.
import { LOGOUT_PATH, PUBLIC_ROUTES } from '../domain';
import { clearAuthStorage } from './authStorage';

/** The status the HTTP client gives an error when no response came back (network failure, timeout). */
export const NO_RESPONSE_STATUS = 0;

export function isSessionLost(status: number | undefined): boolean {
  return status === NO_RESPONSE_STATUS || status === 401;
}

/** The root and the open routes keep the visitor where they are. */
export function staysOnPage(pathname: string): boolean {
  return pathname === '' || pathname === '/' || PUBLIC_ROUTES.some((route) => pathname.endsWith(route));
}

/** Applies the rule when `status` calls for it; returns whether it did. The caller still rejects. */
export function applySessionLostRule(status: number | undefined): boolean {
  if (!isSessionLost(status)) return false;
  clearAuthStorage();
  if (!staysOnPage(window.location.pathname)) window.location.assign(LOGOUT_PATH);
  return true;
}

/** The status carried by an error from the HTTP client, if any. */
export function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  return typeof error.status === 'number' ? error.status : undefined;
}
