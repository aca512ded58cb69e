import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

// The axe-core scan the accessibility specs share: WCAG 2.0/2.1/2.2 level A and AA rules, page by page.

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface Visit {
  /** A path to open, or a list path whose first row is opened (its edit or show page). */
  path: string;
  firstRow?: boolean;
  /** Makes sure the page has something to show (the demo seed has no groups, for instance). */
  prepare?: (page: Page) => Promise<void>;
}

/** Waits until the page has its data: no request in flight and no progress indicator left. */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('#main-content, main, form').first()).toBeVisible({ timeout: 30_000 });
  // Lists, forms and charts load their data after the page shows; polling pages never go idle, so wait at most 3 s.
  await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
  // Loading indicators go once the data is there (a job's own progress bar may stay: it is part of the page).
  await expect(page.locator('.MuiCircularProgress-root, .RaLoading-root'))
    .toHaveCount(0, { timeout: 10_000 })
    .catch(() => undefined);
}

async function open(page: Page, visit: Visit): Promise<string> {
  await page.goto(visit.path);
  await settled(page);
  if (!visit.firstRow) return visit.path;
  const row = page.locator('tbody tr').first();
  await expect(row, `${visit.path} has a first row to open`).toBeVisible();
  const before = page.url();
  await row.locator('td').nth(1).click();
  await expect(page).not.toHaveURL(before);
  await settled(page);
  return new URL(page.url()).pathname;
}

/**
 * The violations on the page (or only inside `within`, a CSS selector such as a dialog's) as readable lines: rule,
 * impact, and the elements (their selector and message).
 */
export async function violationsOn(page: Page, within?: string): Promise<string[]> {
  // An element caught fading in has the blend of its colours and the page's (the send button turning from disabled to
  // enabled as the scan starts gave white on #e2e9f6): transitions and animations end at once, so axe judges the
  // colours a person reads once they settle; then the scan waits for any still running.
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  await page
    .waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity), undefined, { timeout: 5_000 })
    .catch(() => undefined);
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  const results = await (within ? builder.include(within) : builder).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}, ${violation.nodes.length}): ${violation.help}\n` +
      violation.nodes
        .slice(0, 5)
        .map((node) => `      ${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(1, 2).join(' ').trim() ?? ''}`)
        .join('\n'),
  );
}

export async function scan(page: Page, visits: Visit[]): Promise<string[]> {
  const found: string[] = [];
  for (const visit of visits) {
    await visit.prepare?.(page);
    const path = await open(page, visit);
    const lines = (await violationsOn(page)).map((line) => `${path}: ${line}`);
    // Printed as they are found, so that one run lists every page's violations.
    for (const line of lines) console.log(line);
    found.push(...lines);
  }
  return found;
}
