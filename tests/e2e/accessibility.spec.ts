import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { DEMO, signIn } from './helpers';
import type { Visit } from './axe';
import { scan, settled, violationsOn } from './axe';
import { E2E_TARGET } from './target';

// Every page each role can open, scanned with axe-core for the WCAG 2.0/2.1/2.2 level A and AA rules: 0 violations.
// Pages are visited as a person would: list pages, their create forms, the edit form of the first row, chat, a
// prompt's lifecycle, observability, settings, tokens, help. Runs on the real server and in mock mode (E2E_TARGET=mock).
// Pages added later must be added here as they are built; the research dashboards, which need feature flags on,
// are scanned in research-dashboards.flags.spec.ts.

test.describe.configure({ timeout: 90_000 });

/** A local group through the API, as the signed-in ORG_ADMIN (the page's cookies and the console's request header). */
async function ensureGroup(page: Page): Promise<void> {
  // The mocks hold groups already, and a request from the test itself would reach Vite, not the mocks.
  if (E2E_TARGET === 'mock') return;
  const answer = await page.request.post('/api/v1/groups', {
    data: { Name: `Accessibility reviewers ${Date.now()}` },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/** A record made through the API as the signed-in ORG_ADMIN, so that a list has a first row to open. */
function ensureRecord(path: string, body: () => Record<string, unknown>): (page: Page) => Promise<void> {
  return async (page) => {
    if (E2E_TARGET === 'mock') return;
    const answer = await page.request.post(path, { data: body(), headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    expect(answer.ok(), await answer.text()).toBe(true);
  };
}
const ensureProtectedWork = ensureRecord('/api/v1/protected-works', () => ({ Name: `Style guide ${Date.now()}`, Text: 'Our house style guide: write short sentences, name the reader, and say what changed before why.' }));
const ensureCopilot = ensureRecord('/api/v1/apps', () => ({ Name: `Accessibility copilot ${Date.now()}` }));

const SIGNED_OUT: Visit[] = [{ path: '/login' }, { path: '/forgot-password' }];

const ROLE_PAGES: Record<keyof typeof DEMO, Visit[]> = {
  productAdmin: [
    { path: '/admin/customers' },
    { path: '/admin/customers/create' },
    { path: '/admin/customers', firstRow: true },
    { path: '/admin/audit-log' },
    { path: '/profile' },
    { path: '/chat' },
  ],
  customerAdmin: [
    { path: '/admin/organizations' },
    { path: '/admin/organizations/create' },
    { path: '/admin/organizations', firstRow: true },
    { path: '/admin/idps' },
    { path: '/admin/idps/create' },
    { path: '/admin/observability/dashboard' },
    { path: '/admin/observability/critical-events' },
    { path: '/admin/observability/risk-assessment' },
    { path: '/admin/observability/user-activity' },
    { path: '/admin/audit-log' },
    { path: '/profile' },
  ],
  orgAdmin: [
    { path: '/chat' },
    { path: '/admin/observability/dashboard' },
    { path: '/admin/observability/critical-events' },
    { path: '/admin/observability/risk-assessment' },
    { path: '/admin/observability/user-activity' },
    { path: '/admin/red-teaming' },
    { path: '/admin/users' },
    { path: '/admin/users/create' },
    { path: '/admin/users', firstRow: true },
    { path: '/admin/groups' },
    { path: '/admin/groups/create' },
    { path: '/admin/groups', firstRow: true, prepare: ensureGroup },
    { path: '/admin/idps' },
    { path: '/admin/idps/create' },
    { path: '/admin/language-models' },
    { path: '/admin/language-models/create' },
    { path: '/admin/language-models', firstRow: true },
    { path: '/admin/cdr' },
    { path: '/admin/cdr/create' },
    { path: '/admin/verifier' },
    { path: '/admin/verifier/create' },
    { path: '/admin/protected-works' },
    { path: '/admin/protected-works/create' },
    { path: '/admin/protected-works', firstRow: true, prepare: ensureProtectedWork },
    { path: '/admin/policies' },
    { path: '/admin/policies/create' },
    { path: '/admin/policies', firstRow: true },
    { path: '/admin/apps' },
    { path: '/admin/apps/create' },
    { path: '/admin/apps', firstRow: true, prepare: ensureCopilot },
    { path: '/admin/template' },
    { path: '/tokens' },
    { path: '/tokens/create' },
    { path: '/admin/help' },
    { path: '/admin/help/create' },
    { path: '/admin/help', firstRow: true },
    { path: '/admin/audit-log' },
    { path: '/profile' },
  ],
  user: [
    { path: '/chat' },
    { path: '/tokens' },
    { path: '/tokens/create' },
    { path: '/policies' },
    { path: '/language-models' },
    { path: '/groups' },
    { path: '/profile' },
  ],
};

/** Sends one chat message, waits for its answer and opens its lifecycle page: the page every answer links to. */
async function openLifecycle(page: Page): Promise<string[]> {
  await page.goto('/chat');
  await settled(page);
  await page.getByRole('textbox', { name: 'Message' }).fill('What is our travel budget for the Lisbon offsite?');
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible({ timeout: 60_000 });
  const found = (await violationsOn(page)).map((line) => `/chat (a conversation): ${line}`);
  await page.getByRole('article').last().getByRole('link', { name: 'Lifecycle' }).click();
  await expect(page).toHaveURL(/\/admin\/chat\/[^/]+\/prompt\/[^/]+\/details$/);
  await settled(page);
  found.push(...(await violationsOn(page)).map((line) => `lifecycle page: ${line}`));
  return found;
}

test('the sign-in pages have no WCAG 2 A/AA violations', async ({ page }) => {
  expect(await scan(page, SIGNED_OUT)).toEqual([]);
});

/** A role's pages in groups of at most `size`, so that the two workers share a long role between them. */
function chunks<T>(items: T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let start = 0; start < items.length; start += size) groups.push(items.slice(start, start + size));
  return groups;
}
const PAGES_PER_TEST = 10;

// One sign-in per group of pages: every page is scanned and every violation printed with its page, so a report still
// names each page (a sign-in per page made the suite several minutes longer; one test per role made the ORG_ADMIN's
// 40 pages a single test that one worker ran alone while the other waited).
test.describe.configure({ mode: 'parallel' });
for (const role of Object.keys(ROLE_PAGES) as (keyof typeof DEMO)[]) {
  test.describe(`as ${DEMO[role]}`, () => {
    const groups = chunks(ROLE_PAGES[role], PAGES_PER_TEST);
    groups.forEach((visits, index) => {
      const which = groups.length === 1 ? 'every page of the role' : `pages ${index * PAGES_PER_TEST + 1}–${index * PAGES_PER_TEST + visits.length} of the role`;
      test(`${which} have no WCAG 2 A/AA violations`, async ({ page }) => {
        // The mock mode's Vite dev server compiles each page on its first visit: give it twice the time.
        test.setTimeout(visits.length * (E2E_TARGET === 'mock' ? 40_000 : 20_000));
        await signIn(page, DEMO[role]);
        expect(await scan(page, visits)).toEqual([]);
      });
    });
    if (role === 'orgAdmin' || role === 'user') {
      test('a conversation and its prompt lifecycle page have no WCAG 2 A/AA violations', async ({ page }) => {
        await signIn(page, DEMO[role]);
        expect(await openLifecycle(page)).toEqual([]);
      });
    }
  });
}
