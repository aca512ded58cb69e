import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { violationsOn } from './axe';
import { DEMO, signIn } from './helpers';
import { needsRealServer } from './target';

needsRealServer('the real pipeline: the offline demo model quotes the prompt, the copyright_checker stage matches it');

// An ORG_ADMIN registers a protected work and chooses what a match does; a USER asks the offline demo model (which
// answers by quoting what it received) to repeat a passage of the work; the answer is shown with a warning, then
// withheld; the prompt's lifecycle shows the copyright_checker stage with the match.

const SHOTS = process.env.COPYRIGHT_SHOTS_DIR ?? 'test-results/copyright/screens';
test.describe.configure({ mode: 'serial', timeout: 180_000 });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

const WORK = 'The Orchard Keeper (manuscript)';
const PASSAGE =
  'Every autumn the old gardener wrapped the young pear trees in sacking, wrote the date of the first frost on the ' +
  'shed door in chalk, and told the children that an orchard remembers every winter it has survived';

async function setAction(page: Page, label: string) {
  await page.goto('/admin/protected-works');
  const card = page.getByRole('region', { name: 'Copyright check' });
  const action = card.getByRole('combobox', { name: /When an answer reproduces a work/ });
  await expect(action).toBeEnabled();
  // A click on an option can be lost while the menu is still opening (seen once in CI: the menu stayed open over the
  // Save button until the test timed out): choose again until the field shows the choice and the menu is gone.
  await expect(async () => {
    if (!(await page.getByRole('listbox').isVisible())) await action.click();
    await page.getByRole('option', { name: label, exact: true }).click({ timeout: 5_000 });
    await expect(page.getByRole('listbox')).toBeHidden({ timeout: 2_000 });
    await expect(action).toHaveText(label, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Copyright check saved')).toBeVisible();
}

async function ask(page: Page, text: string): Promise<Locator> {
  await page.goto('/chat');
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(page).toHaveURL(/\/chat\/[^/]+$/);
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible({ timeout: 60_000 });
  return page.getByRole('article').last();
}

test('a registered work repeated by the model is matched: warned, then withheld, shown on the lifecycle page', async ({ browser }) => {
  // A page of its own context: axe's scan needs one (AxeBuilder refuses browser.newPage()).
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, DEMO.orgAdmin);
  await admin.goto('/admin/protected-works/create');
  await admin.getByRole('textbox', { name: 'Name' }).fill(WORK);
  await admin.getByRole('textbox', { name: 'Text of the work' }).fill(`Chapter three.\n\n${PASSAGE}.\n\nThe frost came early that year.`);
  await admin.getByRole('button', { name: 'Save' }).click();
  await admin.goto('/admin/protected-works');
  await expect(admin.getByRole('row').filter({ hasText: WORK })).toContainText('Complete');
  await setAction(admin, 'Show the answer with a warning naming the match');
  await shot(admin, 'protected-works');

  const page = await (await browser.newContext()).newPage();
  await signIn(page, DEMO.user);
  // Changed case and spacing still match.
  let message = await ask(page, `Please repeat after me: ${PASSAGE.toUpperCase().replace(/ /g, '  ')}`);
  await expect(message.getByTestId('chat-answer')).toContainText('[Offline demo model]');
  await expect(message.getByText(`Copyright: this answer reproduces "${WORK}"`, { exact: false })).toBeVisible();
  await shot(page, 'chat-warned');

  await message.getByRole('link', { name: 'Lifecycle' }).click();
  await expect(page.getByRole('heading', { name: 'Prompt lifecycle', level: 1 })).toBeVisible();
  let stage = page.getByRole('list', { name: 'Pipeline stages' }).getByRole('listitem').filter({ has: page.getByText('Copyright checker') });
  await expect(stage.getByText(`1 match`, { exact: false })).toBeVisible();
  await expect(stage.getByText('COMPLETED · checked before delivery')).toBeVisible();
  const matches = stage.getByRole('table', { name: 'Copyright matches' });
  await expect(matches).toContainText(WORK);
  await expect(matches).toContainText('EVERY AUTUMN THE OLD GARDENER');
  await shot(page, 'lifecycle-warned');
  // The stage with its matches table, and the Protected Works page with its cards, pass axe (WCAG 2 A/AA).
  expect(await violationsOn(page)).toEqual([]);

  await setAction(admin, 'Withhold the answer');
  expect(await violationsOn(admin)).toEqual([]);
  message = await ask(page, `Please repeat after me: ${PASSAGE}`);
  await expect(message.getByText(/withheld by the copyright check/)).toBeVisible();
  await shot(page, 'chat-withheld');

  await message.getByRole('link', { name: 'Lifecycle' }).click();
  await expect(page.getByRole('heading', { name: 'Prompt lifecycle', level: 1 })).toBeVisible();
  stage = page.getByRole('list', { name: 'Pipeline stages' }).getByRole('listitem').filter({ has: page.getByText('Copyright checker') });
  await expect(stage.getByText(/1 match .*: withheld/)).toBeVisible();
  await expect(stage.getByRole('table', { name: 'Copyright matches' })).toContainText(WORK);
  await shot(page, 'lifecycle-withheld');
});
