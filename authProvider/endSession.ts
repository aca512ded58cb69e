import { LOGOUT_PATH } from '../domain';
import { clearAuthStorage } from './authStorage';

/**
 * Ends the session for good: the stored state goes, then a full browser navigation to /auth/google/logout,
 * where the server ends the session, clears the HttpOnly cookie and lands on /login.
 */
export function endSession(): void {
  clearAuthStorage();
  window.location.assign(LOGOUT_PATH);
}
