import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { DEMO, signIn, turnResearchFlagsOn } from './helpers';
import { scan } from './axe';
import { needsRealServer } from './target';

needsRealServer('turns the organization’s research feature flags on through the settings API');

// The research dashboards sit behind the organization's VoraDashboard / VoraPDashboard flags. This spec turns them on
// (it runs after every other spec: see playwright.config.ts), starts one search of each variant and scans the base
// and single-search pages of both roles that see them. The server asks only the research fixture's DNS for names
// (playwright.config.ts), which does not know the searched host: the sections end failed or skipped with their
// reasons — also a state to scan. The flags stay on: the specs of this project run last and research.flags.spec.ts
// needs them too.
test.describe.configure({ timeout: 180_000 });

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** Starts a search through the API and waits until its job has finished (every section out of in_progress). */
async function finishedSearch(page: Page, url: string, payload: Record<string, string>): Promise<string> {
  const started = await page.request.post(url, { headers: XHR, data: payload });
  expect(started.ok(), await started.text()).toBe(true);
  const { id } = (await started.json()) as { id: string };
  await expect
    .poll(async () => ((await (await page.request.get(`${url}/${id}`)).json()) as { Status?: string }).Status, { timeout: 90_000, intervals: [1_000] })
    .not.toMatch(/progress|queued|created/i);
  return id;
}

test('the research dashboards, with and without a search, have no WCAG 2 A/AA violations', async ({ page }) => {
  await signIn(page, DEMO.orgAdmin);
  await turnResearchFlagsOn(page);
    const voraId = await finishedSearch(page, '/api/v1/dashboard/vorasearch', { AccountName: 'Loopback Ltd', SiteLink: 'https://loopback-ltd.test', Location: 'Lisbon' });
    const voraPId = await finishedSearch(page, '/api/v1/vora-p', { CompanyName: 'Loopback Ltd', Website: 'https://loopback-ltd.test', Location: 'Lisbon' });
    expect(
      await scan(page, [
        { path: '/admin/vora-dashboard' },
        { path: `/admin/vora-dashboard/${voraId}` },
        { path: '/admin/vora-p-dashboard' },
        { path: `/admin/vora-p-dashboard/${voraPId}` },
      ]),
    ).toEqual([]);

    await page.context().clearCookies();
    await signIn(page, DEMO.user);
    expect(await scan(page, [{ path: '/admin/vora-p-dashboard' }, { path: `/admin/vora-p-dashboard/${voraPId}` }])).toEqual([]);
});
