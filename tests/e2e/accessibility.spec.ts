import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { DEMO, signIn } from './helpers';

// Every page each role can open, scanned with axe-core for the WCAG 2.0/2.1/2.2 level A and AA rules: 0 violations.
// Pages are visited as a person would: list pages, their create forms, the edit form of the first row, chat, a
// prompt's lifecycle, observability, settings, tokens, help. Runs on the real server and in mock mode (E2E_TARGET=mock).
// Pages added after this list (red teaming, research, copyright) must be added here as they are built.

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
test.describe.configure({ timeout: 90_000 });

interface Visit {
  /** A path to open, or a list path whose first row is opened (its edit or show page). */
  path: string;
  firstRow?: boolean;
  /** Makes sure the page has something to show (the demo seed has no groups, for instance). */
  prepare?: (page: Page) => Promise<void>;
}

/** A local group through the API, as the signed-in ORG_ADMIN (the page's cookies and the console's request header). */
async function ensureGroup(page: Page): Promise<void> {
  const answer = await page.request.post('/api/v1/groups', {
    data: { Name: `Accessibility reviewers ${Date.now()}` },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

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
    { path: '/admin/policies' },
    { path: '/admin/policies/create' },
    { path: '/admin/policies', firstRow: true },
    { path: '/admin/apps' },
    { path: '/admin/apps/create' },
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

/** Waits until the page has its data: no request in flight and no progress indicator left. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('#main-content, main, form').first()).toBeVisible({ timeout: 30_000 });
  // Lists, forms and charts load their data after the page shows; polling pages never go idle, so wait at most 3 s.
  await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
  // Loading indicators go once the data is there (a job's own progress bar may stay: it is part of the page).
  await expect(page.locator('.MuiCircularProgress-root, .RaLoading-root'))
    .toHaveCount(0, { timeout: 10_000 })
    .catch(() => undefined);
}

async function open(page: Page, visit: Visit): Promise<string> {
  await page.goto(visit.path);
  await settled(page);
  if (!visit.firstRow) return visit.path;
  const row = page.locator('tbody tr').first();
  await expect(row, `${visit.path} has a first row to open`).toBeVisible();
  const before = page.url();
  await row.locator('td').nth(1).click();
  await expect(page).not.toHaveURL(before);
  await settled(page);
  return new URL(page.url()).pathname;
}

/** The violations on the page as readable lines: rule, impact, and the elements (their selector and message). */
async function violationsOn(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}, ${violation.nodes.length}): ${violation.help}\n` +
      violation.nodes
        .slice(0, 5)
        .map((node) => `      ${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(1, 2).join(' ').trim() ?? ''}`)
        .join('\n'),
  );
}

async function scan(page: Page, visits: Visit[]): Promise<string[]> {
  const found: string[] = [];
  for (const visit of visits) {
    await visit.prepare?.(page);
    const path = await open(page, visit);
    const lines = (await violationsOn(page)).map((line) => `${path}: ${line}`);
    // Printed as they are found, so that one run lists every page's violations.
    for (const line of lines) console.log(line);
    found.push(...lines);
  }
  return found;
}

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

// One sign-in and one test per role: every page of the role is scanned and every violation printed with its page,
// so a report still names each page (a sign-in per page made the suite several minutes longer).
for (const role of Object.keys(ROLE_PAGES) as (keyof typeof DEMO)[]) {
  test.describe(`as ${DEMO[role]}`, () => {
    test(`every page of the role has no WCAG 2 A/AA violations`, async ({ page }) => {
      test.setTimeout(ROLE_PAGES[role].length * 20_000);
      await signIn(page, DEMO[role]);
      expect(await scan(page, ROLE_PAGES[role])).toEqual([]);
    });
    if (role === 'orgAdmin' || role === 'user') {
      test('a conversation and its prompt lifecycle page have no WCAG 2 A/AA violations', async ({ page }) => {
        await signIn(page, DEMO[role]);
        expect(await openLifecycle(page)).toEqual([]);
      });
    }
  });
}
