import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { settled } from './axe';
import { DEMO, E2E_PASSWORD } from './helpers';
import { walkWithTab } from './keyboard';
import { E2E_TARGET } from './target';

// Keyboard use (WCAG 2.1.1 and 2.4.7): a person who cannot use a mouse signs in with the keyboard alone, and on the
// main pages of each role every control is reached with Tab and shows where the focus is.
test.describe.configure({ mode: 'parallel', timeout: E2E_TARGET === 'mock' ? 360_000 : 180_000 });

// A role's pages in groups that each take a minute or so: the ORG_ADMIN's 270 tab stops in one test outran its timeout
// on a loaded machine, and groups let the two workers share them.
const PAGES: Record<'orgAdmin' | 'user' | 'customerAdmin', string[][]> = {
  orgAdmin: [
    ['/admin/policies', '/admin/policies/create', '/admin/users'],
    ['/admin/language-models/create', '/admin/red-teaming', '/admin/help'],
    ['/admin/observability/dashboard'],
  ],
  user: [['/chat', '/tokens', '/tokens/create', '/profile']],
  customerAdmin: [['/admin/organizations', '/admin/organizations/create']],
};

async function signInWithKeyboard(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.keyboard.press('Tab');
  // The first stops lead to the e-mail field; type where the focus is, as a keyboard user does.
  for (let stop = 0; stop < 10 && !(await page.locator('input[name="Email"]').evaluate((el) => el === document.activeElement)); stop++) {
    await page.keyboard.press('Tab');
  }
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(E2E_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/login$/, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: /Account menu of/ })).toBeVisible({ timeout: 30_000 });
}

for (const role of Object.keys(PAGES) as (keyof typeof PAGES)[]) {
  for (const paths of PAGES[role]) {
    test(`${DEMO[role]} signs in with the keyboard, and every control of ${paths.join(', ')} is reached with a visible focus`, async ({ page }) => {
      await signInWithKeyboard(page, DEMO[role]);
      const problems: string[] = [];
      for (const path of paths) {
        await page.goto(path);
        await settled(page);
        const walk = await walkWithTab(page);
        for (const name of walk.invisible) problems.push(`${path}: focus not visible on ${name}`);
        for (const name of walk.unreachable) problems.push(`${path}: not reachable with Tab: ${name}`);
        console.log(`${path}: ${walk.stops} tab stops`);
      }
      for (const line of problems) console.log(line);
      expect(problems).toEqual([]);
    });
  }
}
