import { expect, test } from '@playwright/test';
import { MOCK_CUSTOMER, MOCK_ORGANIZATION } from '../../mocks/builders';
import { DEMO, E2E_PASSWORD, mainNavigation, signIn, signOut } from './helpers';
import { E2E_TARGET, needsRealServer } from './target';

// The seeded demo tenant's names on the real server, the mocks' tenant in mock mode (E2E_TARGET=mock).
const CUSTOMER = E2E_TARGET === 'mock' ? MOCK_CUSTOMER.Name : 'Demo Customer';
const ORGANIZATION = E2E_TARGET === 'mock' ? MOCK_ORGANIZATION.Name : 'Demo Organization';

const ROLES = [
  { email: DEMO.productAdmin, landing: '/admin/customers', nav: ['Customers'], header: 'AI Governance Console' },
  { email: DEMO.customerAdmin, landing: '/admin/organizations', nav: ['Organizations'], header: CUSTOMER },
  {
    email: DEMO.orgAdmin,
    landing: '/chat',
    nav: ['Observability', 'Red Teaming', 'Users', 'Integrations and Data Sources', 'Policies', 'Apps', 'Chat'],
    header: ORGANIZATION,
  },
  { email: DEMO.user, landing: '/chat', nav: ['Chat'], header: ORGANIZATION },
];
const EVERY_TOP_ITEM = ['Observability', 'Red Teaming', 'Customers', 'Organizations', 'Users', 'Integrations and Data Sources', 'Policies', 'Apps', 'Chat'];

for (const role of ROLES) {
  test(`${role.email} signs in, lands on ${role.landing} with the menu of the role, and signs out`, async ({ page }) => {
    await signIn(page, role.email);
    await expect(page).toHaveURL(new RegExp(`${role.landing}$`));
    const nav = mainNavigation(page);
    for (const label of role.nav) await expect(nav.getByText(label, { exact: true }).first()).toBeVisible();
    for (const label of EVERY_TOP_ITEM.filter((item) => !role.nav.includes(item))) {
      await expect(nav.getByText(label, { exact: true })).toHaveCount(0);
    }
    await expect(page.getByRole('banner').getByText(role.header, { exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
    await page.screenshot({ path: `test-results/screens/landing-${role.email.split('@')[0]}.png`, fullPage: true });

    await signOut(page);
    // The session is over on the server too: a protected page sends the visitor back to sign in.
    await page.goto(role.landing);
    await expect(page).toHaveURL(/\/login$/);
  });
}

test('the root sends a signed-out visitor to /login and a signed-in one home', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, DEMO.user);
  await page.goto('/');
  await expect(page).toHaveURL(/\/chat$/);
});

for (const role of ROLES.slice(0, 2)) {
  test(`the root and the logo send ${role.email} to ${role.landing}, not to the chat of the default home page`, async ({ page }) => {
    const chatCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/v1/chat')) chatCalls.push(request.url());
    });
    await signIn(page, role.email);
    await page.goto('/profile');
    await page.getByRole('link', { name: /home$/ }).click();
    await expect(page).toHaveURL(new RegExp(`${role.landing}$`));
    await page.goto('/');
    await expect(page).toHaveURL(new RegExp(`${role.landing}$`));
    // Chat itself explains that it needs an organization, without calls that can only be refused.
    await page.goto('/chat');
    await expect(page.getByText('Chat needs organization membership')).toBeVisible();
    expect(chatCalls).toEqual([]);
  });
}

test('a navigation right after signing in, while the first page still loads, keeps the session', async ({ page }) => {
  // Hold the landing page's session check, so that the navigation below cancels it in flight.
  let held = false;
  await page.route('**/api/v1/me', async (route) => {
    if (!held) {
      held = true;
      await new Promise((resolve) => setTimeout(resolve, 1500));
    }
    await route.continue().catch(() => undefined);
  });
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO.orgAdmin);
  await page.locator('input[name="Password"]').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/admin/users');
  await expect(page.getByRole('button', { name: /^Account menu of/ })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/users$/);
});

test('a deep link while signed out ends on /login', async ({ page }) => {
  await page.goto('/admin/users/123');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('a wrong password shows the server message and stays on /login', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO.user);
  await page.locator('input[name="Password"]').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('The email or password is incorrect.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.screenshot({ path: 'test-results/screens/login-failed.png' });
});

test('a role sent to a page it may not see lands on its own default route', async ({ page }) => {
  await signIn(page, DEMO.user);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/chat$/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/chat$/);
});

test('a session check that fails ends on /login and stays there', async ({ page }) => {
  needsRealServer('page.route cannot answer for the mocks, whose service worker serves /api/ itself');
  await signIn(page, DEMO.orgAdmin);
  await page.route('**/api/v1/me', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Something failed."}' }));
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });

  await page.goto('/admin/users');

  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // Before the fix the stored sign-in state sent /login on to /chat, whose check failed again, round and round.
  await page.waitForTimeout(1500);
  await expect(page).toHaveURL(/\/login$/);
  expect(visited).not.toContain('/chat');
});
