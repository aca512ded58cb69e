import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { violationsOn } from './axe';
import { DEMO, signIn } from './helpers';
import { needsRealServer } from './target';

needsRealServer('runs a red-teaming job through the real pipeline with the offline demo model');

const SCREENS = 'test-results/red-teaming/screens';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENS}/${name}.png`, fullPage: true });

test.describe.configure({ timeout: 120_000 });

async function untick(page: Page, label: RegExp) {
  const box = page.getByRole('checkbox', { name: label });
  if (await box.isChecked()) await box.uncheck();
}

async function waitForCompleted(page: Page) {
  await expect(page.getByText(/ · completed — /)).toBeVisible({ timeout: 60_000 });
}

test('an ORG_ADMIN runs a job on the demo model, drills into an attempt, turns a finding into a policy rule and re-runs: the success rate falls', async ({ page }) => {
  await signIn(page, DEMO.orgAdmin);
  await page.goto('/admin/red-teaming');
  await page.getByLabel('Name').fill('E2E baseline');
  await page.getByRole('combobox', { name: 'Language model', exact: true }).click();
  await page.getByRole('option', { name: 'Offline demo model' }).click();
  // One category (system-prompt extraction), its four attacks plain and translated: the guard stops seven; the
  // Spanish question about "the internal reference code" (an attack only against this system prompt) leaks.
  for (const label of [/^Direct prompt injection/, /^Jailbreak/, /^Sensitive data disclosure/, /^Indirect injection/, /^Excessive output/, /^Base64$/, /^Role-play/]) await untick(page, label);
  await page.getByRole('checkbox', { name: /^Plain$/ }).check();
  await page.getByRole('checkbox', { name: /^Translation/ }).check();
  await page.getByLabel('Attempts per category').fill('8');
  await page.getByRole('button', { name: 'Start job' }).click();

  await expect(page.getByRole('heading', { name: 'E2E baseline', level: 1 })).toBeVisible();
  await waitForCompleted(page);
  const results = page.getByRole('table', { name: 'Results per category' });
  const leak = results.getByRole('row', { name: /System-prompt extraction/ });
  await expect(leak).toContainText('LLM07:2025');
  await expect(leak).toContainText('12.5 %');
  await expect(page.getByText('overall attack success rate 12.5 %')).toBeVisible();
  await shot(page, 'job-results');
  // The job page with its charts, results and attempts passes axe (WCAG 2 A/AA).
  expect(await violationsOn(page)).toEqual([]);

  const attempts = page.getByRole('table', { name: 'Attempts' });
  const succeeded = attempts.getByRole('row').filter({ hasText: 'Attack succeeded' });
  await expect(succeeded).toHaveCount(1);
  await expect(attempts.getByRole('row').filter({ hasText: 'Blocked by policy' })).toHaveCount(7);
  const jobUrl = page.url();

  // The attempt's governed prompt, with its whole lifecycle.
  await succeeded.getByRole('link', { name: 'Lifecycle' }).click();
  await expect(page).toHaveURL(/\/admin\/chat\/-\/prompt\/[^/]+\/details$/);
  await expect(page.getByText('Prompt Lifecycle').first()).toBeVisible();
  await shot(page, 'attempt-lifecycle');

  // The finding as a policy rule: the editor opens prefilled; saved as is.
  await page.goto(jobUrl);
  await page.getByRole('table', { name: 'Attempts' }).getByRole('row').filter({ hasText: 'Attack succeeded' }).getByRole('link', { name: 'Create policy rule' }).click();
  await expect(page).toHaveURL(/\/admin\/policies\/create\?source=/);
  await expect(page.getByLabel('Name *')).not.toHaveValue('');
  await shot(page, 'policy-draft');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).not.toHaveURL(/\/create/);

  // Re-run the failed attempts: the leak is now blocked.
  await page.goto(jobUrl);
  await page.getByRole('button', { name: 'Re-run failed attempts' }).click();
  await expect(page.getByRole('heading', { name: 'E2E baseline (re-run)', level: 1 })).toBeVisible();
  await waitForCompleted(page);
  await expect(page.getByText('overall attack success rate 0 %')).toBeVisible();
  await expect(page.getByText('Trend (same target): 12.5 % → 0 %')).toBeVisible();
  await expect(page.getByText('was: Attack succeeded')).toBeVisible();
  await shot(page, 'rerun-results');
  expect(await violationsOn(page)).toEqual([]);
});
