import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from '../../domain/schemas/data-sources';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';
import type { Tenant } from '../../tests/helpers/tenants';
import { demoTenant, otherTenant } from '../../tests/helpers/tenants';
import { chunkText } from './chunking';
import { base64 } from './data-sources.fixtures';
import { retrieve } from './search';
import { queryTerms, stem, tokenize } from './text-analysis';

describe('text analysis', () => {
  it('lowercases, strips accents and punctuation, drops stopwords and stems lightly', () => {
    expect(tokenize("The Café's indexes were INDEXED, running & stopped — naïve 42 a I")).toEqual(['cafe', 'index', 'index', 'run', 'stop', 'naive', '42']);
    expect(['companies', 'boxes', 'classes', 'status', 'quickly', 'meetings', 'going'].map(stem)).toEqual(['company', 'box', 'class', 'status', 'quick', 'meet', 'going']);
    expect(queryTerms('travel travel expenses?')).toEqual(['travel', 'expense']);
  });

  it('chunks on sentence boundaries within the byte budget, carrying the last short sentences over', () => {
    const text = Array.from({ length: 30 }, (_, index) => `Fact ${index}.`).join(' ');
    const chunks = chunkText(text, 64);
    for (const chunk of chunks) expect(Buffer.byteLength(chunk)).toBeLessThanOrEqual(64);
    expect(chunks[0]).toBe('Fact 0. Fact 1. Fact 2. Fact 3. Fact 4. Fact 5. Fact 6. Fact 7.');
    expect(chunks[1]!.startsWith('Fact 7. Fact 8.')).toBe(true);
    expect(chunks.join(' ')).toContain('Fact 29.');
  });

  it('cuts a sentence longer than a chunk between words, and a huge word between characters', () => {
    expect(chunkText('alpha beta gamma delta', 11)).toEqual(['alpha beta', 'gamma delta']);
    expect(chunkText('x'.repeat(25), 10)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
    expect(chunkText('é'.repeat(6), 5)).toEqual(['éé', 'éé', 'éé']);
  });
});

describe('group-scoped retrieval', () => {
  let t: TestApp;
  let demo: Tenant;
  let other: Tenant;
  const sources: Record<string, string> = {};
  let finance = '';
  let sales = '';

  const as = (cookie: string) => (method: 'POST' | 'PUT', url: string, payload: unknown) =>
    t.app.inject({ method, url, headers: { 'x-requested-with': 'test', cookie }, payload: payload as object });

  beforeAll(async () => {
    t = await build({ env: { JOBS: 'false' } });
    demo = await demoTenant(t);
    other = await otherTenant(t);
    const call = as(await t.login(demo.users.orgAdmin.email));
    const otherCall = as(await t.login(other.users.orgAdmin.email));
    finance = (await call('POST', '/api/v1/groups', { Name: 'Finance' })).json().id;
    sales = (await call('POST', '/api/v1/groups', { Name: 'Sales' })).json().id;
    const addSource = async (send: typeof call, name: string, extra: Record<string, unknown>, text: string) => {
      const source = (await send('POST', '/api/v1/cdr', { Name: name, AppId: 0, ...extra })).json<DataSource>();
      const uploaded = await send('POST', `/api/v1/cdr/${source.id}/documents`, { Name: `${name}.txt`, ContentType: 2, MimeType: 'text/plain', ContentBase64: base64(text) });
      if (uploaded.statusCode !== 200) throw new Error(uploaded.body);
      sources[name] = source.id;
    };
    await addSource(call, 'Open', {}, 'Quarterly revenue report for everyone: revenue grew in the north.');
    await addSource(call, 'FinanceOnly', { GroupIds: [finance] }, 'Quarterly revenue forecast, finance eyes only: revenue revenue revenue.');
    await addSource(call, 'Disabled', { Enabled: false }, 'Quarterly revenue archive that nobody should see.');
    await addSource(otherCall, 'Foreign', {}, 'Quarterly revenue of another organization.');
    await t.app.services.jobs.drain();
  });
  afterAll(() => t.close());

  const namesFor = async (groupIds: string[], organizationId = demo.organizationId) =>
    (await retrieve(t.db.kysely, { organizationId, groupIds, query: 'quarterly revenue', limit: 10 })).chunks.map((hit) => hit.dataSourceName);

  it('reads sources open to the organization and those of the caller’s groups, never disabled or foreign ones', async () => {
    expect(await namesFor([finance])).toEqual(['FinanceOnly', 'Open']);
    expect(await namesFor([sales])).toEqual(['Open']);
    expect(await namesFor([])).toEqual(['Open']);
    expect(await namesFor([finance], other.organizationId)).toEqual(['Foreign']);
  });

  it('returns the cited chunk with its source, document and a BM25 score, best first', async () => {
    const outcome = await retrieve(t.db.kysely, { organizationId: demo.organizationId, groupIds: [finance], query: 'Revenue forecast?', limit: 2 });
    expect(outcome).toMatchObject({ mode: 'bm25', fallbackReason: null });
    const [best, second] = outcome.chunks;
    expect(best).toMatchObject({
      dataSourceId: sources.FinanceOnly,
      dataSourceName: 'FinanceOnly',
      documentName: 'FinanceOnly.txt',
      ordinal: 0,
      text: 'Quarterly revenue forecast, finance eyes only: revenue revenue revenue.',
      source: 'bm25',
    });
    expect(best!.score).toBeGreaterThan(second!.score);
    expect(second!.dataSourceName).toBe('Open');
    expect((await retrieve(t.db.kysely, { organizationId: demo.organizationId, groupIds: [finance], query: 'zeppelin', limit: 5 })).chunks).toEqual([]);
  });
});
