import type { Page } from '@playwright/test';

// Keyboard walks for the accessibility specs: Tab through a page as a keyboard user would and record, for every stop,
// whether its focus shows; then name the controls on the page that Tab never reached.

export interface TabWalk {
  /** Stops whose focus has no visible indicator (no outline, no ring, not a focused input). */
  invisible: string[];
  /** Enabled, visible controls that Tab never reached. */
  unreachable: string[];
  stops: number;
}

const MAX_STOPS = 250;

/** A readable name of the focused element: its role or tag and its accessible-ish name. */
const DESCRIBE = `(el) => {
  const name = (el.getAttribute('aria-label') || el.getAttribute('title') || el.textContent || el.getAttribute('name') || el.id || '').trim().replace(/\\s+/g, ' ').slice(0, 60);
  return (el.getAttribute('role') || el.tagName.toLowerCase()) + ' "' + name + '"';
}`;

export async function walkWithTab(page: Page): Promise<TabWalk> {
  // Every control a keyboard user must be able to reach, tagged so the walk can tick it off.
  const controls = await page.evaluate(`(() => {
    const describe = ${DESCRIBE};
    const selector = 'a[href], button, input, select, textarea, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="switch"], [role="combobox"], [tabindex]';
    const found = [];
    document.querySelectorAll(selector).forEach((el, index) => {
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      const hidden = box.width === 0 || box.height === 0 || style.visibility === 'hidden' || el.closest('[aria-hidden="true"], [inert]');
      // Roving focus (radio groups, tab lists, menus) and clipped file inputs take focus another way, by design.
      const roving = el.getAttribute('tabindex') === '-1' || (el instanceof HTMLInputElement && el.type === 'radio' && !el.checked) || (el instanceof HTMLInputElement && el.type === 'hidden');
      if (hidden || roving || el.disabled || el.getAttribute('aria-disabled') === 'true') return;
      el.setAttribute('data-kbd-control', String(index));
      found.push(describe(el));
    });
    return found.length;
  })()`);
  const invisible: string[] = [];
  const reached = new Set<string>();
  let stops = 0;
  let first: string | null = null;
  for (; stops < MAX_STOPS; stops++) {
    await page.keyboard.press('Tab');
    // MUI marks keyboard focus (Mui-focusVisible) in a render after the focus event: measure after two frames.
    const stop = (await page.evaluate(`(async () => {
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const describe = ${DESCRIBE};
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      const ring = style.boxShadow !== 'none';
      // A text field shows its focus by its label colour and thicker underline (MUI's Mui-focused state).
      const field = !!el.closest('.Mui-focused');
      const marker = el.closest('[data-kbd-control]');
      return { key: marker ? marker.getAttribute('data-kbd-control') : 'x:' + describe(el), name: describe(el), visible: outline || ring || field };
    })()`)) as { key: string; name: string; visible: boolean } | null;
    if (!stop) continue;
    if (stop.key === first) break;
    first ??= stop.key;
    reached.add(stop.key);
    if (!stop.visible) invisible.push(stop.name);
  }
  const unreachable = (await page.evaluate(`(() => {
    const describe = ${DESCRIBE};
    const reached = new Set(${JSON.stringify([...reached])});
    return [...document.querySelectorAll('[data-kbd-control]')]
      .filter((el) => !reached.has(el.getAttribute('data-kbd-control')) && !el.querySelector('[data-kbd-control]'))
      .map((el) => describe(el));
  })()`)) as string[];
  void controls;
  return { invisible: [...new Set(invisible)], unreachable, stops };
}
