// The Content-Security-Policy the server sends must not break the built console: no page may log a CSP violation.
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './helpers';
import { needsRealServer } from './target';

needsRealServer('checks the Content-Security-Policy header the server sends and its API documentation');

function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
  return violations;
}

test('the console works under its Content-Security-Policy: sign-in, admin pages, charts, chat and the API docs', async ({ page }) => {
  test.setTimeout(90_000);
  const violations = watchViolations(page);
  const response = await page.goto('/login');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");

  await signIn(page, DEMO.orgAdmin);
  for (const path of ['/admin/policies', '/admin/idps', '/admin/observability/risk-assessment', '/admin/observability/dashboard']) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  // The dashboard's widgets: charts when earlier tests sent prompts, their empty state on a fresh database.
  await expect(page.locator('svg.recharts-surface').first().or(page.getByText(/No prompts in this window/).first())).toBeVisible({ timeout: 20_000 });

  await page.goto('/chat');
  await expect(page.getByRole('heading', { name: 'Chat', level: 1 })).toBeVisible();
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('Hello under a strict policy');
  await composer.press('Enter');
  await expect(page.getByTestId('chat-answer').last()).toContainText('[Offline demo model]', { timeout: 20_000 });

  await page.goto('/api/documentation/');
  await expect(page.locator('.swagger-ui .info .title')).toContainText('AI Governance Console API');
  await page.waitForLoadState('networkidle');

  expect(violations).toEqual([]);
});
