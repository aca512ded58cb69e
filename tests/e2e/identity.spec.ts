import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { DEMO, signIn } from './helpers';
import { needsRealServer } from './target';

needsRealServer('calls the API with a created access token and reloads settings from the database');

const SCREENS = 'test-results/identity/screens';
// Each test walks a whole screen flow (several saves and reloads); the default 30 s is tight on a busy machine.
test.describe.configure({ timeout: 90_000 });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENS}/${name}.png`, fullPage: true });

test('a user creates an access token, calls the API with it, revokes it, and then it is refused', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, DEMO.user);
  await page.goto('/tokens');
  await expect(page.getByRole('heading', { name: 'Access Tokens', level: 1 })).toBeVisible();
  await shot(page, 'tokens-empty');

  await page.getByRole('link', { name: 'New token' }).first().click();
  await page.getByRole('textbox', { name: 'Name' }).fill('E2E script');
  await page.getByRole('combobox', { name: 'Expiry' }).click();
  await expect(page.getByRole('option')).toHaveText(['Never', '7 days', '30 days', '60 days', '90 days', '180 days', '365 days']);
  await page.getByRole('option', { name: '7 days' }).click();
  await shot(page, 'tokens-create');
  await page.getByRole('button', { name: 'Save' }).click();

  const dialog = page.getByRole('dialog', { name: 'Access token "E2E script" created' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Copy secret' }).click();
  const shown = (await dialog.getByRole('textbox', { name: 'Secret' }).textContent()) ?? '';
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(shown);
  expect(copied).toMatch(/^gck_/);
  await expect(dialog.getByRole('textbox', { name: 'Example request' })).toContainText(`Authorization: Bearer ${copied}`);
  await shot(page, 'tokens-secret-dialog');

  // A new token has the gateway scope only: the gateway answers, the rest of the API does not.
  const models = await request.get('/api/v1/openai/models', { headers: { Authorization: `Bearer ${copied}` } });
  expect(models.status()).toBe(200);
  expect(((await models.json()) as { object: string }).object).toBe('list');
  const me = await request.get('/api/v1/me', { headers: { Authorization: `Bearer ${copied}` } });
  expect(me.status()).toBe(403);

  await dialog.getByRole('button', { name: 'I have copied it' }).click();
  await expect(page).toHaveURL(/\/tokens$/);
  const row = page.getByRole('row', { name: /E2E script/ });
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Gateway');
  await expect(row).toContainText(copied.slice(0, 10));
  await expect(page.getByText(copied)).toHaveCount(0);
  await shot(page, 'tokens-list');

  await row.getByRole('button', { name: 'Revoke' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await shot(page, 'tokens-revoke-confirm');
  await confirm.getByRole('button', { name: 'OK' }).click();
  await expect(row).toContainText('Revoked');
  await shot(page, 'tokens-revoked');

  const refused = await request.get('/api/v1/openai/models', { headers: { Authorization: `Bearer ${copied}` } });
  expect(refused.status()).toBe(401);
});

test('an organization admin changes the title and theme colour; after a reload the console wears them', async ({ page }) => {
  await signIn(page, DEMO.orgAdmin);
  await page.goto('/admin/template');
  const title = page.getByRole('textbox', { name: 'Title' });
  await expect(title).toBeVisible();
  await shot(page, 'settings-before');

  await title.fill('Acme AI Desk');
  const colour = page.getByRole('textbox', { name: 'Theme colour', exact: true });
  await colour.fill('#0A7C66');
  await expect(page.getByTestId('theme-preview').locator('div').first()).toHaveCSS('background-color', 'rgb(10, 124, 102)');
  const limits = page.getByRole('region', { name: 'Gateway rate limits' });
  await expect(limits).toContainText('Per member. Empty: the default of 120 a minute.');
  await limits.getByRole('spinbutton', { name: 'Requests per minute' }).fill('240');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved. Reload the console to apply them.')).toBeVisible();
  await shot(page, 'settings-saved');

  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page).toHaveTitle('Acme AI Desk');
  await expect(page.getByRole('link', { name: 'Acme AI Desk home' })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCSS('background-color', 'rgb(10, 124, 102)');
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Acme AI Desk');
  await expect(page.getByRole('textbox', { name: 'Theme colour', exact: true })).toHaveValue('#0A7C66');
  await expect(page.getByRole('spinbutton', { name: 'Requests per minute' })).toHaveValue('240');
  await shot(page, 'settings-applied');

  const meta = await page.request.get('/api/v1/meta');
  expect((await meta.json()) as { Title: string; Theme: { ThemeColor: string } }).toMatchObject({ Title: 'Acme AI Desk', Theme: { ThemeColor: '#0A7C66' } });
});

test('an organization admin reads, adds, finds, edits and deletes a help page', async ({ page }) => {
  await signIn(page, DEMO.orgAdmin);
  await page.goto('/admin/help');
  await expect(page.getByRole('row', { name: /Getting started/ })).toBeVisible();
  await shot(page, 'help-list');

  await page.getByRole('row', { name: /Getting started/ }).click();
  await expect(page.getByRole('heading', { name: 'Getting started', level: 1 })).toBeVisible();
  await expect(page.getByText('Built-in')).toBeVisible();
  await expect(page.getByRole('table').first()).toBeVisible();
  await shot(page, 'help-show-builtin');

  await page.goto('/admin/help/create');
  await page.getByRole('textbox', { name: 'Title' }).fill('Travel rules');
  await expect(page.getByRole('textbox', { name: 'Slug' })).toHaveValue('travel-rules');
  await page.getByRole('textbox', { name: 'Category' }).fill('Policies');
  await page.getByRole('textbox', { name: 'Body (Markdown)' }).fill(
    '# Travel rules\n\n| Country | Allowed |\n|---|---|\n| Any | With approval |\n\n<script>window.pwned = true</script>\n\nZebracrossing keyword.',
  );
  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(page.getByRole('region', { name: 'Preview' }).getByRole('cell', { name: 'With approval' })).toBeVisible();
  await shot(page, 'help-create-preview');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/admin\/help\/travel-rules\/show$/);
  await expect(page.getByRole('heading', { name: 'Travel rules', level: 1 })).toBeVisible();
  await expect(page.locator('.markdown-body').getByText('<script>window.pwned = true</script>')).toBeVisible();
  expect(await page.evaluate(() => (window as { pwned?: boolean }).pwned)).toBeUndefined();
  await shot(page, 'help-show-own');

  await page.goto('/admin/help');
  await page.getByPlaceholder('Search help').fill('zebracrossing');
  await expect(page.getByRole('row', { name: /Travel rules/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Getting started/ })).toHaveCount(0);
  await shot(page, 'help-search');

  await page.getByRole('row', { name: /Travel rules/ }).click();
  await page.getByRole('link', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'Title' }).fill('Travel and expenses');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Travel rules', level: 1 })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Travel and expenses');

  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/admin\/help(\?|$)/);
  await page.getByPlaceholder('Search help').fill('zebracrossing');
  await expect(page.getByText('No help pages found using the current filters.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Travel/ })).toHaveCount(0);
  await shot(page, 'help-after-delete');
});

async function createEditDeleteProvider(page: Page, who: string, organization?: string) {
  await page.goto('/admin/idps');
  await expect(page.getByRole('main')).toBeVisible();
  await shot(page, `idps-list-${who}`);
  await page.getByRole('link', { name: 'New provider' }).first().click();

  if (organization) {
    await page.getByRole('combobox', { name: 'Organization' }).click();
    await page.getByRole('option', { name: organization }).click();
  }
  const name = `Workspace ${who}`;
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('combobox', { name: 'Preset' }).click();
  await page.getByRole('option', { name: 'Google Workspace' }).click();
  await expect(page.getByRole('textbox', { name: 'Issuer' })).toHaveValue('https://accounts.google.com');
  await expect(page.getByRole('textbox', { name: 'Issuer' })).toHaveAttribute('readonly');
  await page.getByRole('textbox', { name: 'Client ID' }).fill('client-123.apps.googleusercontent.com');
  await page.getByLabel('Client secret', { exact: false }).and(page.locator('input')).fill('e2e-client-secret');
  await page.getByRole('textbox', { name: 'Allowed domains' }).fill('demo.test');
  await shot(page, `idps-create-${who}`);
  await page.getByRole('button', { name: 'Save' }).click();

  // The saved provider opens in its edit page with the redirect URI to register.
  await expect(page.getByText('A secret is stored')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Callback URL' })).toContainText(/\/auth\/.+\/callback$/);
  await expect(page.getByLabel('Client secret', { exact: false }).and(page.locator('input'))).toHaveValue('');
  await shot(page, `idps-edit-${who}`);

  await page.getByRole('textbox', { name: 'Name' }).fill(`${name} (edited)`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/idps$/);
  const row = page.getByRole('row', { name: new RegExp(`${name} \\(edited\\)`) });
  await expect(row).toContainText('Google Workspace');
  if (organization) await expect(row).toContainText(organization);
  await shot(page, `idps-list-after-${who}`);

  await row.click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/admin\/idps$/);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
}

test('an organization admin creates, edits and deletes an identity provider', async ({ page }) => {
  await signIn(page, DEMO.orgAdmin);
  await createEditDeleteProvider(page, 'org-admin');
});

test('a customer admin creates, edits and deletes an identity provider for one of their organizations', async ({ page }) => {
  await signIn(page, DEMO.customerAdmin);
  await createEditDeleteProvider(page, 'customer-admin', 'Demo Organization');
});

test('a user sees the groups they belong to', async ({ page, browser }) => {
  await signIn(page, DEMO.user);
  await page.goto('/groups');
  await expect(page.getByText('You are not in any group yet')).toBeVisible();
  await shot(page, 'my-groups-empty');
  const me = (await (await page.request.get('/api/v1/me')).json()) as { id: string };

  // An organization admin puts the user in a group (through the API, in a session of their own).
  const admin = await browser.newPage();
  await signIn(admin, DEMO.orgAdmin);
  const created = await admin.request.post('/api/v1/groups', {
    data: { Name: 'E2E Researchers', Description: 'People who try company research', MemberIds: [me.id] },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(created.status()).toBe(200);
  await admin.close();

  await page.reload();
  const row = page.getByRole('row', { name: /E2E Researchers/ });
  await expect(row).toContainText('People who try company research');
  await expect(page.getByRole('link', { name: /create/i })).toHaveCount(0);
  await shot(page, 'my-groups');
});
