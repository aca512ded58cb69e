import { http, HttpResponse } from 'msw';
import { setupWorker } from 'msw/browser';
import { endMockSession, handlers, keepMockSessionIn } from './handlers';

/** Browser mock mode (`npm run dev:mock`): the handlers of the tests answer in the browser. */
export const worker = setupWorker(...handlers);

/**
 * What a browser test may reach in mock mode (`page.evaluate(() => window.mockApi.worker.use(...))`): the worker, to
 * override a handler for the rest of the page's life, and msw's `http`/`HttpResponse` to write the override with.
 * See docs/testing-with-mocks.md.
 */
export interface MockApi {
  worker: typeof worker;
  http: typeof http;
  HttpResponse: typeof HttpResponse;
}
declare global {
  interface Window {
    mockApi?: MockApi;
  }
}

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
  window.mockApi = { worker, http, HttpResponse };
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
}
