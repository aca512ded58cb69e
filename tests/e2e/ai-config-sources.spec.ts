import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { attemptSuffix, DEMO, signIn } from './helpers';
import { needsRealServer } from './target';

needsRealServer('tests a language model, uploads and indexes files on the server');

const SCREENS = 'test-results/ai-sources/screens';
// Each test walks a whole screen flow (saves, a provider test, indexing jobs); the default 30 s is tight on a busy machine.
test.describe.configure({ timeout: 120_000 });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENS}/${name}.png`, fullPage: true });

async function confirmDelete(page: Page) {
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'OK' }).click();
}

test('an organization admin adds the demo language model, tests it, edits and deletes it', async ({ page }) => {
  await signIn(page, DEMO.orgAdmin);
  await page.goto('/admin/language-models');
  await expect(page.getByRole('heading', { name: 'Language Models', level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: /Offline demo model/ }).first()).toBeVisible();
  await shot(page, 'language-models-list');

  await page.getByRole('link', { name: 'New language model' }).first().click();
  await page.getByRole('textbox', { name: 'Name' }).fill('E2E demo model');
  await page.getByRole('combobox', { name: 'Provider' }).click();
  await page.getByRole('option', { name: 'Offline demo model (built-in)' }).click();
  await expect(page.getByText(/it works without internet access/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Base URL' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Model' })).toHaveValue('offline-demo');
  await shot(page, 'language-models-create-demo');
  await page.getByRole('combobox', { name: 'Provider' }).click();
  await page.getByRole('option', { name: 'Azure OpenAI' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Base URL is required for Azure OpenAI')).toBeVisible();
  await expect(page.getByText('API key is required for Azure OpenAI')).toBeVisible();
  await shot(page, 'language-models-create-azure-errors');
  await page.getByRole('combobox', { name: 'Provider' }).click();
  await page.getByRole('option', { name: 'Offline demo model (built-in)' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Language model created')).toBeVisible();

  await expect(page.getByRole('heading', { name: 'Connection test' })).toBeVisible();
  await page.getByRole('button', { name: 'Test E2E demo model' }).click();
  await expect(page.getByText(/E2E demo model works/)).toBeVisible();
  await expect(page.getByTestId('config-message')).toContainText('answered');
  await expect(page.locator('.MuiCard-root').getByText('Success')).toBeVisible();
  await shot(page, 'language-models-edit-tested');

  await page.getByRole('spinbutton', { name: 'Max tokens' }).fill('512');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Language model saved')).toBeVisible();
  const row = page.getByRole('row', { name: /E2E demo model/ });
  await expect(row).toContainText('Success');
  await shot(page, 'language-models-list-after-test');

  await row.getByRole('button', { name: 'Test E2E demo model' }).click();
  await expect(row).toContainText('Success');
  await row.getByText('E2E demo model').click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await confirmDelete(page);
  await expect(page.getByText('Language model deleted')).toBeVisible();
  await expect(page.getByRole('row', { name: /E2E demo model/ })).toHaveCount(0);
});

test('an organization admin creates an uploaded-files data source, uploads, searches, syncs and deletes it', async ({ page }) => {
  // A name of its own per attempt: a retry after a failure half-way must not meet the first attempt's source.
  const name = `E2E handbook${attemptSuffix()}`;
  await signIn(page, DEMO.orgAdmin);
  await page.goto('/admin/cdr');
  await expect(page.getByRole('heading', { name: 'Corporate Data Sources', level: 1 })).toBeVisible();
  await shot(page, 'cdr-list');

  await page.getByRole('link', { name: 'New data source' }).first().click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await expect(page.getByText(/no connection is needed and retrieval works offline/)).toBeVisible();
  await page.getByRole('combobox', { name: 'App' }).click();
  await page.getByRole('option', { name: 'CRM' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Instance URL is required')).toBeVisible();
  await shot(page, 'cdr-create-crm-errors');
  await page.getByRole('combobox', { name: 'App' }).click();
  await page.getByRole('option', { name: 'Uploaded files (built in)' }).click();
  await shot(page, 'cdr-create-embedded');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Data source created')).toBeVisible();

  await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();
  await page.getByTestId('upload-input').setInputFiles({
    name: 'vacation.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Vacation policy. Every employee receives twenty-five days of paid vacation each year.\n'),
  });
  const file = page.getByRole('listitem').filter({ hasText: 'vacation.txt' });
  await expect(file).toContainText('Completed', { timeout: 30_000 });
  await shot(page, 'cdr-edit-uploaded');

  await page.getByRole('textbox', { name: 'Question or keywords' }).fill('paid vacation');
  await page.getByRole('button', { name: 'Search' }).click();
  const results = page.getByRole('list', { name: 'Retrieved passages' });
  await expect(results).toContainText('1. vacation.txt');
  await expect(results).toContainText('twenty-five days');
  await shot(page, 'cdr-edit-retrieval');

  await page.getByRole('button', { name: `Sync ${name}` }).click();
  await expect(page.getByText(`Sync of ${name} completed`)).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.MuiCard-root').first()).toContainText('Completed');
  await shot(page, 'cdr-edit-synced');

  await page.goto('/admin/cdr');
  const row = page.getByRole('row', { name });
  await expect(row).toContainText('Uploaded files (built in)');
  await expect(row).toContainText('Completed');
  await shot(page, 'cdr-list-after-sync');
  await row.getByRole('button', { name: 'Delete' }).click();
  await confirmDelete(page);
  await expect(page.getByText('Data source deleted')).toBeVisible();
  await expect(page.getByRole('row', { name })).toHaveCount(0);
});

test('an organization admin creates, edits and deletes a verification source', async ({ page }) => {
  await signIn(page, DEMO.orgAdmin);
  await page.goto('/admin/verifier');
  await expect(page.getByRole('heading', { name: 'Verification Sources', level: 1 })).toBeVisible();
  await shot(page, 'verifiers-list');

  await page.getByRole('link', { name: 'New verification source' }).first().click();
  await page.getByRole('textbox', { name: 'Name' }).fill('E2E fact check');
  await page.getByRole('checkbox', { name: 'Factuality' }).check();
  await page.getByRole('combobox', { name: 'When an answer fails' }).click();
  await expect(page.getByRole('option')).toHaveText(['Show the response', 'Show the response with a warning', 'Block the response']);
  await page.getByRole('option', { name: 'Block the response' }).click();
  // Off: enabled, this blocking verifier would withhold the answers of the specs that chat while this one runs.
  await page.getByRole('switch', { name: 'Enabled (checks every answer)' }).uncheck();
  await shot(page, 'verifiers-create');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Verification source created')).toBeVisible();
  const row = page.getByRole('row', { name: /E2E fact check/ });
  await expect(row).toContainText('HallucinationToxicityFactuality');
  await expect(row).toContainText('Block the response');
  await expect(row).toContainText('Built-in checks');
  await expect(row).toContainText('Disabled');

  await row.getByText('E2E fact check').click();
  await page.getByRole('spinbutton', { name: 'Threshold' }).fill('80');
  await page.getByRole('combobox', { name: 'Intensity' }).click();
  await page.getByRole('option', { name: 'High' }).click();
  await shot(page, 'verifiers-edit');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Verification source saved')).toBeVisible();
  await expect(row).toContainText('High');
  await expect(row).toContainText('80');
  await shot(page, 'verifiers-list-after-edit');

  await row.getByRole('button', { name: 'Delete' }).click();
  await confirmDelete(page);
  await expect(page.getByText('Verification source deleted')).toBeVisible();
  await expect(page.getByRole('row', { name: /E2E fact check/ })).toHaveCount(0);
});

test('a user sees the language models they may use, with the seeded offline demo model', async ({ page }) => {
  await signIn(page, DEMO.user);
  await page.goto('/language-models');
  await expect(page.getByRole('heading', { name: 'Language Models', level: 1 })).toBeVisible();
  const row = page.getByRole('row', { name: /Offline demo model/ });
  await expect(row).toContainText('Offline demo model (built-in)');
  await expect(row).toContainText('offline-demo');
  await expect(page.getByRole('button', { name: /^Test/ })).toHaveCount(0);
  await shot(page, 'my-language-models');
});
