import { test } from '@playwright/test';
import { E2E_TARGET } from '../../playwright.config';

export { E2E_TARGET };

/**
 * Skips the current test (or, called in a describe block, its tests) when the browser tests run against the mock mode
 * (E2E_TARGET=mock): for tests that need the real server — its pipeline, its database, its API called directly.
 */
export function needsRealServer(reason: string): void {
  test.skip(E2E_TARGET === 'mock', `needs the real server: ${reason}`);
}
