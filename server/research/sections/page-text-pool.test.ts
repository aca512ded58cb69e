import { afterAll, describe, expect, it } from 'vitest';
import { htmlToText } from './html-text';
import { closePageTextPool, PAGE_TEXT_OFF_THREAD_MIN_CHARS, pageText } from './page-text-pool';

const page = (paragraphs: number) =>
  `<html><head><title>Acme &amp; Co</title><script type="application/ld+json">{"@type":"Organization","name":"Acme"}</script><script>steal()</script></head><body>${'<p>We keep daily backups &amp; use MFA.</p>\n'.repeat(paragraphs)}</body></html>`;

describe('page text off the event loop', () => {
  afterAll(() => closePageTextPool());

  it('reads a large page in the worker exactly as on the main thread, the event loop free meanwhile', async () => {
    const html = page(20_000);
    expect(html.length).toBeGreaterThan(PAGE_TEXT_OFF_THREAD_MIN_CHARS);
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 1);
    const read = await pageText(html);
    clearInterval(ticker);
    expect(read).toEqual(htmlToText(html));
    expect(read.title).toBe('Acme & Co');
    expect(read.jsonLd).toEqual([{ '@type': 'Organization', name: 'Acme' }]);
    expect(read.text).not.toContain('steal');
    // The timer ran while the worker read the page: the main thread was not held for the whole conversion.
    expect(ticks).toBeGreaterThan(1);
  });

  it('reads a small page on the main thread', async () => {
    const html = page(3);
    expect(html.length).toBeLessThan(PAGE_TEXT_OFF_THREAD_MIN_CHARS);
    await expect(pageText(html)).resolves.toEqual(htmlToText(html));
  });
});
