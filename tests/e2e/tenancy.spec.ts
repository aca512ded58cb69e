import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { attemptSuffix, DEMO, signIn } from './helpers';
import { needsRealServer } from './target';

needsRealServer('creates, edits and deletes records on the server and finds each change in its audit log');

// Tenancy and identity administration through the real server: each admin creates, edits and deletes
// their records, and finds their change in the audit log. Screens go to test-results/tenancy/screens.
const SCREENS = 'test-results/tenancy/screens';
test.describe.configure({ timeout: 120_000 });

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENS}/${name}.png`, fullPage: true });

/** Toasts sit over the top-right toolbar (and wait while the headless window has no focus): close them. */
async function dismissToasts(page: Page) {
  await page.locator('.Toastify__close-button').evaluateAll((buttons) => buttons.forEach((button) => (button as HTMLButtonElement).click()));
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);
}

async function confirmDelete(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(dialog).toContainText('This action cannot be reversed');
  await dialog.getByRole('button', { name: 'OK' }).click();
}

async function openAuditLogAndFind(page: Page, summary: string) {
  await dismissToasts(page);
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/admin\/audit-log\?/);
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: summary }).first();
  await expect(row).toBeVisible();
  return row;
}

test('PRODUCT_ADMIN creates, edits and deletes a customer, then sees it in the audit log', async ({ page }) => {
  await signIn(page, DEMO.productAdmin);
  await expect(page).toHaveURL(/\/admin\/customers$/);
  await expect(page.getByRole('row').filter({ hasText: 'Demo Customer' })).toBeVisible();
  await shot(page, 'customers-list');

  await page.getByRole('link', { name: 'New customer' }).click();
  await page.getByLabel('Name *').fill('Initech E2E');
  await page.getByLabel('Contact email').fill('not-an-email');
  await page.getByLabel('Also create the first customer admin').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Contact email must be a valid email address')).toBeVisible();
  await expect(page.getByText('First name is required')).toBeVisible();
  await shot(page, 'customer-create-errors');
  await page.getByLabel('Contact email').fill('boss@initech.test');
  await page.getByLabel('First name *').fill('Bill');
  await page.getByLabel('Last name *').fill('Lumbergh');
  await page.getByLabel('Email *').fill('bill@initech.test');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Customer created')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/customers\/[^/]+$/);
  await expect(page.getByRole('region', { name: 'Organizations' })).toContainText('This customer has no organizations yet.');
  await expect(page.getByRole('complementary', { name: 'History' })).toContainText('Created customer Initech E2E with admin bill@initech.test');

  await page.getByLabel('Name *').fill('Initech Global');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Customer saved')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/customers$/);

  await page.getByRole('row').filter({ hasText: 'Demo Customer' }).getByText('Demo Customer').click();
  await expect(page.getByRole('region', { name: 'Organizations' }).getByText('Demo Organization')).toBeVisible();
  await shot(page, 'customer-edit');
  await page.goto('/admin/customers');

  const row = page.getByRole('row').filter({ hasText: 'Initech Global' });
  await row.getByRole('button', { name: 'Delete' }).click();
  await confirmDelete(page);
  await expect(page.getByText('Customer deleted')).toBeVisible();
  await expect(row).toHaveCount(0);

  const entry = await openAuditLogAndFind(page, 'Updated customer Initech Global');
  await expect(entry).toContainText('product-admin@demo.test');
  await expect(page.getByRole('row').filter({ hasText: 'Deleted customer Initech Global' })).toBeVisible();
  await shot(page, 'audit-log-customers');
  await entry.getByText('Updated customer Initech Global').click();
  const changes = page.getByRole('table', { name: 'Changes' });
  await expect(changes.locator('tr[data-changed="true"]').filter({ hasText: 'Initech Global' })).toContainText('Initech E2E');
  await shot(page, 'audit-entry-diff');
});

test('CUSTOMER_ADMIN creates, edits, syncs and deletes an organization', async ({ page }) => {
  await signIn(page, DEMO.customerAdmin);
  await expect(page).toHaveURL(/\/admin\/organizations$/);
  await expect(page.getByRole('row').filter({ hasText: 'Demo Organization' })).toBeVisible();

  await page.getByRole('link', { name: 'New organization' }).click();
  await page.getByLabel('Name *').fill('Research E2E');
  await page.getByLabel('Domain').fill('not a domain');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Domain must look like example.com')).toBeVisible();
  await page.getByLabel('Domain').fill('research.e2e.test');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Organization created')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/organizations$/);

  const row = () => page.getByRole('row').filter({ hasText: 'research.e2e.test' });
  await expect(row()).toContainText('Unknown');
  await row().getByText('Research E2E').click();
  await page.getByLabel('Name *').fill('Research Lab E2E');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Organization saved')).toBeVisible();

  await row().getByRole('button', { name: 'Sync Research Lab E2E' }).click();
  await expect(page.getByText(/Sync of Research Lab E2E completed/)).toBeVisible({ timeout: 15_000 });
  await expect(row().getByText('Completed')).toBeVisible();
  await row().getByText('Completed').hover();
  await expect(page.getByRole('tooltip')).toContainText('Last sync');
  await shot(page, 'organizations-list-synced');

  await row().getByRole('button', { name: 'Delete' }).click();
  await confirmDelete(page);
  await expect(page.getByText('Organization deleted')).toBeVisible();
  await expect(row()).toHaveCount(0);

  await openAuditLogAndFind(page, 'Updated organization Research Lab E2E');
  await expect(page.getByRole('row').filter({ hasText: 'Started a data source sync of Research Lab E2E' })).toBeVisible();
  await shot(page, 'audit-log-organizations');
});

test('ORG_ADMIN creates a user (set-up link), edits, disables and deletes it; and a group with a member', async ({ page }) => {
  // A retry runs on the same database, where the first attempt's user (its e-mail is unique) and group may still be.
  const retry = test.info().retry;
  const email = retry ? `katherine-retry${retry}@demo.test` : 'katherine@demo.test';
  const groupName = `Reviewers E2E${attemptSuffix()}`;
  await signIn(page, DEMO.orgAdmin);
  await page.goto('/admin/users');
  await expect(page.getByRole('row').filter({ hasText: 'user@demo.test' })).toBeVisible();
  await shot(page, 'users-list');

  await page.getByRole('link', { name: 'New user' }).click();
  await page.getByLabel('First name *').fill('Katherine');
  await page.getByLabel('Last name *').fill('Johnson');
  await page.getByLabel('Email *').fill(email);
  await page.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set-up link for Katherine Johnson' });
  await expect(dialog.getByRole('textbox', { name: 'Set-up link' })).toContainText('/welcome?token=');
  await expect(dialog).toContainText('This link is shown once.');
  await shot(page, 'user-setup-link');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);

  const userRow = () => page.getByRole('row').filter({ hasText: email });
  // The form is filled from the record the server answers: what is typed before that answer would be reset by it.
  const userLoaded = page.waitForResponse((response) => response.request().method() === 'GET' && /^\/api\/v1\/users\/[^/]+$/.test(new URL(response.url()).pathname));
  await userRow().getByText('Katherine Johnson').click();
  await expect(page).toHaveURL(/\/admin\/users\/[^/]+$/);
  await userLoaded;
  await expect(page.locator('form').getByText('Last sign-in')).toBeVisible();
  await expect(page.locator('form').getByText('Never', { exact: true })).toBeVisible();
  // The list's copy of the record shows first; the server's answer may still reset the form once: fill again then.
  const lastName = page.getByLabel('Last name *');
  const enabled = page.getByLabel('Enabled');
  await expect(async () => {
    await lastName.fill('Goble');
    await enabled.uncheck();
    await page.waitForTimeout(300);
    await expect(lastName).toHaveValue('Goble', { timeout: 0 });
    await expect(enabled).not.toBeChecked({ timeout: 0 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User saved')).toBeVisible();
  await expect(userRow()).toContainText('Disabled');
  await expect(userRow()).toContainText('Katherine Goble');

  // The server refuses self-disable with a field message.
  await page.getByRole('row').filter({ hasText: 'org-admin@demo.test' }).getByText('org-admin@demo.test').click();
  await page.getByLabel('Enabled').uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('You cannot disable yourself', { exact: true })).toBeVisible();
  await shot(page, 'user-edit-self-disable');
  await page.goto('/admin/users');

  // A group with the new user as member.
  await page.goto('/admin/groups');
  await page.getByRole('link', { name: 'New group' }).click();
  await page.getByLabel('Name *').fill(groupName);
  await page.getByLabel('Description').fill('Reviews policies');
  await page.getByRole('combobox', { name: 'Members' }).fill('katherine');
  await page.getByRole('option', { name: `Katherine Goble (${email})` }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Group created')).toBeVisible();
  const groupRow = () => page.getByRole('row').filter({ hasText: groupName });
  await expect(groupRow()).toContainText('1');
  await shot(page, 'groups-list');
  await groupRow().getByText(groupName).click();
  await expect(page.getByText(`Katherine Goble (${email})`)).toBeVisible();
  await page.getByLabel('Description').fill('Reviews policies and apps');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Group saved')).toBeVisible();
  await groupRow().getByText(groupName).click();
  await expect(page.getByRole('complementary', { name: 'History' })).toContainText(`Updated group ${groupName}`);
  await shot(page, 'group-edit');
  await page.getByRole('button', { name: 'Delete' }).click();
  await confirmDelete(page);
  await expect(page.getByText('Group deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/groups$/);
  await expect(groupRow()).toHaveCount(0);

  await page.goto('/admin/users');
  await userRow().getByRole('button', { name: 'Delete' }).click();
  await confirmDelete(page);
  await expect(page.getByText('User deleted')).toBeVisible();
  await expect(userRow()).toHaveCount(0);

  await openAuditLogAndFind(page, `Deleted user ${email}`);
  await expect(page.getByRole('row').filter({ hasText: `Created user ${email}` })).toBeVisible();
  await shot(page, 'audit-log-users');
});
