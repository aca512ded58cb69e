import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { resetMockState } from '../../mocks/handlers';
import { server } from '../../mocks/node';

// Whole-app renders load lazy pages; under a busy parallel run they need more than the 1 s default. Waiting is not
// what a test checks, so the bound is generous: a query that is never satisfied still fails, the test's own timeout
// (20 s, more where a file says so) stays the outer limit. Files whose first render loads a heavy page preload it
// (src/testing/preload.ts), so that a one-off module import does not count against a wait.
configure({ asyncUtilTimeout: 15_000 });

// jsdom has no layout engine; react-admin scrolls to the top on navigation.
window.scrollTo = () => undefined;

// Every call must have a handler: an unmocked request fails the test instead of reaching the network.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.clear();
  resetMockState();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  server.resetHandlers();
  localStorage.clear();
  document.title = '';
  window.history.replaceState(null, '', '/');
});
afterAll(() => server.close());
