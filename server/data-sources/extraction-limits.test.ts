// Text extraction runs in a worker thread within size, page and time limits: a 200 KB PDF that inflated to 104 MB once
// blocked the server for 15 s. The inflating PDF is refused (413) and the event loop stays responsive meanwhile.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PDF_PAGES } from '../../domain/schemas/data-sources';
import type { DataSource } from '../../domain/schemas/data-sources';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';
import { demoTenant } from '../../tests/helpers/tenants';
import { caller, newConversation, uploadDocument } from '../chat/chat.fixtures';
import { base64, inflatingPdf, manyPagesPdf, minimalPdf } from './data-sources.fixtures';
import { PDF_INFLATES_TOO_MUCH, PDF_TOO_MANY_PAGES } from './text-extraction';

describe('text extraction limits', () => {
  let t: TestApp;
  let admin: string;
  let source: DataSource;
  let bomb: Buffer;
  const call = (...args: Parameters<ReturnType<typeof caller>>) => caller(t)(...args);
  const upload = (name: string, content: Buffer) => call(admin, 'POST', `/api/v1/cdr/${source.id}/documents`, { Name: name, ContentType: 2, MimeType: 'application/pdf', ContentBase64: base64(content) });

  /** The work's result, the longest the event loop was held meanwhile, and whether another request was answered. */
  async function whileResponsive<T>(work: () => Promise<T>) {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const other = call(admin, 'GET', '/api/v1/cdr').then((response) => ({ status: response.statusCode, at: performance.now() }));
    const value = await work();
    const done = performance.now();
    delay.disable();
    return { value, maxDelayMs: delay.max / 1e6, other: await other, done };
  }

  beforeAll(async () => {
    t = await build({ env: { JOBS: 'false' } });
    admin = await t.login((await demoTenant(t)).users.orgAdmin.email);
    source = (await call(admin, 'POST', '/api/v1/cdr', { Name: 'Limits', AppId: 0, Rag: { ChunkSize: 1 } })).json<DataSource>();
    bomb = inflatingPdf(100 * 1024 * 1024);
  });
  afterAll(() => t.close());

  it('refuses a PDF that inflates to 100 MB with 413, without blocking the server', async () => {
    expect(bomb.length).toBeLessThan(300 * 1024);
    const { value, maxDelayMs, other, done } = await whileResponsive(() => upload('bomb.pdf', bomb));
    expect(value.statusCode).toBe(413);
    expect(value.json()).toEqual({ message: PDF_INFLATES_TOO_MUCH });
    expect(other.status).toBe(200);
    expect(other.at).toBeLessThan(done);
    expect(maxDelayMs).toBeLessThan(1_000);
  }, 60_000);

  it('refuses the same PDF in a chat upload with 413', async () => {
    const member = await t.login((await demoTenant(t)).users.user.email);
    const cid = await newConversation(t, member);
    const answer = await uploadDocument(t, member, cid, 'bomb.pdf', 'application/pdf', bomb);
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toEqual({ message: PDF_INFLATES_TOO_MUCH });
  }, 60_000);

  it(`refuses a PDF of more than ${MAX_PDF_PAGES} pages with 413`, async () => {
    const answer = await upload('pages.pdf', manyPagesPdf(MAX_PDF_PAGES + 1));
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toEqual({ message: PDF_TOO_MANY_PAGES });
  }, 60_000);

  it('still reads an ordinary PDF through the worker', async () => {
    const answer = await upload('ok.pdf', minimalPdf('Quarterly figures are due on Friday.'));
    expect(answer.statusCode, answer.body).toBe(200);
  });
});
