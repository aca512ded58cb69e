import { setupWorker } from 'msw/browser';
import { endMockSession, handlers, keepMockSessionIn } from './handlers';

/** Browser mock mode (`npm run dev:mock`): the handlers of the tests answer in the browser. */
export const worker = setupWorker(...handlers);

/** The server's sign-out page, reached by a full navigation (authProvider/endSession.ts). */
const LOGOUT_PATH = '/auth/google/logout';

/**
 * Starts the worker with a session that survives reloads and full loads of deep links (as the real session cookie
 * does). A navigation to the sign-out page cannot reach the worker (it does not answer navigations): Vite serves the
 * SPA there, and this ends the mock session and shows /login, as the server's redirect would.
 */
export async function startMockApi(): Promise<void> {
  keepMockSessionIn(window.sessionStorage);
  if (window.location.pathname === LOGOUT_PATH) {
    endMockSession();
    window.history.replaceState(null, '', '/login');
  }
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
}
