import { afterAll, describe, expect, it } from 'vitest';
import { htmlToText } from './html-text';
import { closePageTextPool, PAGE_TEXT_OFF_THREAD_MIN_BYTES, pageText } from './page-text-pool';

const page = (paragraphs: number) =>
  `<html><head><title>Acme &amp; Co — Sécurité</title><script type="application/ld+json">{"@type":"Organization","name":"Acme"}</script><script>steal()</script></head><body>${'<p>We keep daily backups &amp; use MFA.</p>\n'.repeat(paragraphs)}</body></html>`;

describe('page text off the event loop', () => {
  afterAll(() => closePageTextPool());

  it('reads a large page in the worker exactly as on the main thread, the event loop free meanwhile', async () => {
    const html = page(20_000);
    const body = new TextEncoder().encode(html).buffer;
    expect(body.byteLength).toBeGreaterThan(PAGE_TEXT_OFF_THREAD_MIN_BYTES);
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 1);
    const read = await pageText(body);
    clearInterval(ticker);
    expect(read).toEqual(htmlToText(html));
    expect(read.title).toBe('Acme & Co — Sécurité');
    expect(read.jsonLd).toEqual([{ '@type': 'Organization', name: 'Acme' }]);
    expect(read.text).not.toContain('steal');
    // The timer ran while the worker read the page: the main thread was not held for the whole conversion.
    expect(ticks).toBeGreaterThan(1);
    // The buffer was handed to the worker, not copied.
    expect(body.byteLength).toBe(0);
  });

  it('reads a small page on the main thread', async () => {
    const html = page(3);
    const body = new TextEncoder().encode(html).buffer;
    expect(body.byteLength).toBeLessThan(PAGE_TEXT_OFF_THREAD_MIN_BYTES);
    await expect(pageText(body)).resolves.toEqual(htmlToText(html));
  });
});
