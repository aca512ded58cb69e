import { expect, test } from '@playwright/test';
import { RESEARCH_FIXTURE_STATUS_URL } from '../../playwright.config';
import { violationsOn } from './axe';
import { DEMO, signIn, turnResearchFlagsOn } from './helpers';
import { needsRealServer } from './target';

// Company research end to end on the real server: the research fixture (DNS, CA, fixture company sites on 127.0.0.1,
// started by playwright.config.ts before the server, whose research settings point at it) is searched from the Vora
// dashboard — with an uploaded document — its sections complete, the score shows on the gauge, the report downloads;
// the ORG_ADMIN's guidelines editor passes axe.

test.describe.configure({ timeout: 120_000 });
needsRealServer('the research fixture sites are searched by the server');

test('an analyst searches a fixture company with a document, sees the sections and the score, and downloads the report', async ({ page, request }) => {
  const fixture = (await (await request.get(RESEARCH_FIXTURE_STATUS_URL)).json()) as { sites: Record<string, { https: number }> };
  const siteLink = `https://good.example.test:${fixture.sites.good!.https}`;
  await signIn(page, DEMO.orgAdmin);
  await turnResearchFlagsOn(page);

  await page.goto('/admin/vora-dashboard');
  await page.getByRole('button', { name: 'New Search' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Site Link' }).fill(siteLink);
  await dialog.getByLabel('Documents', { exact: true }).setInputFiles({ name: 'security-policy.md', mimeType: 'text/markdown', buffer: Buffer.from('# Security policy\nWe run vendor risk assessments of every supplier before onboarding.\n') });
  await expect(dialog.getByRole('list', { name: 'Documents to upload' })).toContainText('security-policy.md');
  await dialog.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/vora-dashboard\/[^/]+$/);

  await expect(page.getByRole('heading', { name: /good\.example\.test/, level: 1 })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Search progress' })).toHaveCount(0, { timeout: 90_000 });
  await expect(page.getByRole('img', { name: /^Risk score \d+ of 100$/ })).toBeVisible();
  for (const key of ['cysmo', 'documents', 'claims', 'control', 'guidelines', 'riskScore', 'insights']) {
    await expect(page.getByTestId(`section-${key}`)).toBeVisible();
  }
  await expect(page.getByTestId('section-cysmo')).toContainText('DMARC policy');
  await expect(page.getByTestId('section-claims')).toContainText('security-policy.md');
  await expect(page.getByTestId('section-documents')).toContainText('security-policy.md');
  await expect(page.getByRole('table', { name: 'Language Model(s) used for search.' })).toContainText('Offline demo model');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download report' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^cysmo-.*\.pdf$/);
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  expect((await readFile(path)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

test('the ORG_ADMIN edits the underwriting guidelines in an accessible dialog', async ({ page }) => {
  await signIn(page, DEMO.orgAdmin);
  await turnResearchFlagsOn(page);
  await page.goto('/admin/vora-dashboard');
  await page.getByRole('button', { name: 'Underwriting guidelines' }).click();
  const dialog = page.getByRole('dialog', { name: 'Underwriting guidelines' });
  await expect(dialog.getByRole('row', { name: /DMARC must be quarantine or reject/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'Edit DMARC must be quarantine or reject' }).click();
  await expect(dialog.getByRole('form', { name: 'Edit guideline' })).toBeVisible();
  expect(await violationsOn(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByLabel('Enabled').click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('row', { name: /DMARC must be quarantine or reject Scan check must not fail: email.dmarc No/ })).toBeVisible();
});
