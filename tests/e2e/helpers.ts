import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';

import { LOGOUT_PATH } from '../../domain';
import { E2E_PASSWORD } from '../../playwright.config';

export { E2E_PASSWORD };

export const DEMO = {
  productAdmin: 'product-admin@demo.test',
  customerAdmin: 'customer-admin@demo.test',
  orgAdmin: 'org-admin@demo.test',
  user: 'user@demo.test',
} as const;

export async function signIn(page: Page, email: string, password = E2E_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.locator('input[name="Password"]').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  // The app stores the sign-in state before it leaves /login, so the next navigation may follow at once.
  expect(await page.evaluate(() => localStorage.getItem('AuthStorage'))).not.toBeNull();
}

/**
 * A suffix for the names a test creates, empty on the first attempt: a retry runs on the same database, where the
 * first attempt's records (whose names must be unique) may still be.
 */
export function attemptSuffix(): string {
  const { retry, repeatEachIndex } = test.info();
  // --repeat-each runs (chasing a flake) share the database as retries do.
  const parts = [...(repeatEachIndex ? [`run ${repeatEachIndex + 1}`] : []), ...(retry ? [`retry ${retry}`] : [])];
  return parts.length ? ` (${parts.join(', ')})` : '';
}

export function mainNavigation(page: Page) {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Account menu of/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Are you sure you want to logout?')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/logout-dialog.png' });
  // The app leaves by a full navigation to the sign-out page, which ends on /login (the server redirects; in mock
  // mode the SPA replaces the address). The SPA may show /login before that navigation is done: wait for the new
  // document, so that the caller's next navigation does not race it.
  const leaving = page.waitForRequest((request) => request.isNavigationRequest() && new URL(request.url()).pathname === LOGOUT_PATH);
  const loaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: /ok|logout|yes|confirm/i }).click();
  await Promise.all([leaving, loaded]);
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * Turns both research flags of the signed-in ORG_ADMIN's organization on. Both specs of the feature-flags project call
 * it and may run at once: each writes both flags, so neither's read-modify-write turns the other's flag off.
 */
export async function turnResearchFlagsOn(page: Page): Promise<void> {
  const current = await page.request.get('/api/v1/settings/current');
  expect(current.ok(), await current.text()).toBe(true);
  const { Title, Icon, Logo, Favicon, ThemeColor, DefaultHomePageRoute, Features } = await current.json();
  const saved = await page.request.put('/api/v1/settings/current', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { Title, Icon, Logo, Favicon, ThemeColor, DefaultHomePageRoute, Features: { ...Features, VoraDashboard: true, VoraPDashboard: true } },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}
