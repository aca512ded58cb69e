import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentType, UploadJobStatus } from '../../domain/enums';
import type { DataSource, DataSourceDocument, RetrievalResult } from '../../domain/schemas/data-sources';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';
import { demoTenant } from '../../tests/helpers/tenants';
import { base64, minimalPdf } from './data-sources.fixtures';

const HEADERS = { 'x-requested-with': 'test' };

/** About 1.4 KB: twelve paragraphs, one of which is the fact searched for. */
const HANDBOOK = Array.from({ length: 12 }, (_, index) =>
  index === 7
    ? 'Travel expenses above 500 euros need approval from the finance director before booking.'
    : `Section ${index + 1}. Employees keep their desks tidy and lock their screens when leaving the office for lunch or meetings.`,
).join('\n\n');

describe('documents of the built-in store: upload, index, retrieve', () => {
  let t: TestApp;
  let admin: string;
  let source: DataSource;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { ...HEADERS, cookie: admin }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const upload = (name: string, mimeType: string, content: string | Buffer, parentId?: string) =>
    call('POST', `/api/v1/cdr/${source.id}/documents`, { Name: name, ContentType: 2, MimeType: mimeType, ContentBase64: base64(content), ...(parentId ? { ParentId: parentId } : {}) });
  const search = async (q: string) => (await call('GET', `/api/v1/cdr/${source.id}/search?q=${encodeURIComponent(q)}`)).json<RetrievalResult>().Hits;

  beforeAll(async () => {
    t = await build({ env: { JOBS: 'false' } });
    admin = await t.login((await demoTenant(t)).users.orgAdmin.email);
    source = (await call('POST', '/api/v1/cdr', { Name: 'Handbook', AppId: 0, Rag: { ChunkSize: 1 } })).json<DataSource>();
  });
  afterAll(() => t.close());

  it('uploads a file as OPEN, indexes it in 512-byte chunks by a job, and retrieves the chunk that answers', async () => {
    const created = await upload('handbook.md', 'text/markdown', HANDBOOK);
    expect(created.statusCode, created.body).toBe(200);
    const document = created.json<DataSourceDocument & { JobId: string }>();
    expect(document).toMatchObject({ Name: 'handbook.md', ContentType: ContentType.FILE, UploadStatus: UploadJobStatus.OPEN, Size: Buffer.byteLength(HANDBOOK), MimeType: 'text/markdown', ChunkCount: 0, ParentId: null, Error: null });

    await t.app.services.jobs.drain();
    const job = (await call('GET', `/api/v1/jobs/${document.JobId}`)).json();
    expect(job).toMatchObject({ Type: 'cdr-index', Status: 'completed', Progress: 100, Message: 'Indexed 1 file.' });
    const indexed = (await call('GET', `/api/v1/cdr/${source.id}/documents/${document.id}`)).json<DataSourceDocument>();
    expect(indexed.UploadStatus).toBe(UploadJobStatus.COMPLETED);
    const chunks = await t.db.kysely.selectFrom('chunks').select(['ordinal', 'text']).where('document_id', '=', document.id).orderBy('ordinal').execute();
    expect(indexed.ChunkCount).toBe(chunks.length);
    expect(chunks.length).toBe(3);
    for (const chunk of chunks) expect(Buffer.byteLength(chunk.text)).toBeLessThanOrEqual(512);
    expect(chunks.map((chunk) => chunk.ordinal)).toEqual(chunks.map((_, index) => index));

    const hits = await search('Who approves travel expenses?');
    expect(hits[0]).toMatchObject({ DataSourceId: source.id, DataSourceName: 'Handbook', DocumentId: document.id, DocumentName: 'handbook.md' });
    expect(hits[0]!.Text).toContain('Travel expenses above 500 euros need approval from the finance director');
    expect(hits[0]!.Score).toBeGreaterThan(hits[1]?.Score ?? 0);
    expect(await search('the and of')).toEqual([]);
    expect((await call('GET', `/api/v1/cdr/${source.id}`)).json()).toMatchObject({ DocumentCount: 1, ChunkCount: chunks.length });
  });

  it('indexes HTML without its scripts and styles, JSON as path: value lines, CSV and PDF', async () => {
    const html = '<html><head><title>t</title><style>.zebra{}</style></head><body><p>Office&nbsp;opens at <b>8&#58;30</b></p><script>var giraffe = 1;</script></body></html>';
    expect((await upload('hours.html', 'text/html', html)).statusCode).toBe(200);
    expect((await upload('org.json', 'application/json', JSON.stringify({ team: { lead: 'Marguerite', size: 4 } }))).statusCode).toBe(200);
    expect((await upload('prices.csv', 'text/csv', 'item,price\nespresso,2.10\n')).statusCode).toBe(200);
    expect((await upload('policy.pdf', 'application/pdf', minimalPdf('Remote work is allowed on Fridays.'))).statusCode).toBe(200);
    await t.app.services.jobs.drain();

    expect((await search('office opens'))[0]?.Text).toBe('Office opens at 8:30');
    expect(await search('giraffe')).toEqual([]);
    expect(await search('zebra')).toEqual([]);
    expect((await search('team lead'))[0]?.Text).toBe('team.lead: Marguerite\nteam.size: 4');
    expect((await search('espresso'))[0]?.DocumentName).toBe('prices.csv');
    expect((await search('remote work fridays'))[0]).toMatchObject({ DocumentName: 'policy.pdf', Text: 'Remote work is allowed on Fridays.' });
  });

  it('answers 415 for file types it cannot read, 400 for bad content and 413 past the body limit', async () => {
    const word = await upload('memo.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'PK..');
    expect(word.statusCode).toBe(415);
    expect(word.json()).toEqual({
      message: 'Files of type application/vnd.openxmlformats-officedocument.wordprocessingml.document cannot be indexed. Only text, Markdown, CSV, JSON, HTML and PDF files can be indexed.',
    });
    const binary = await upload('blob.txt', 'text/plain', Buffer.from([0x41, 0x00, 0x42]));
    expect(binary.statusCode).toBe(415);
    const notBase64 = await call('POST', `/api/v1/cdr/${source.id}/documents`, { Name: 'x.txt', ContentType: 2, MimeType: 'text/plain', ContentBase64: 'not base64!' });
    expect(notBase64.json()).toEqual({ message: 'Some fields are not valid.', errors: { ContentBase64: 'File content must be base64' } });
    const notPdf = await upload('fake.pdf', 'application/pdf', 'hello');
    expect(notPdf.json()).toEqual({ message: 'The file is not a PDF document.', errors: { ContentBase64: 'The file is not a PDF document' } });
    const badJson = await upload('bad.json', 'application/json', '{');
    expect(badJson.json()).toEqual({ message: 'The file is not valid JSON.', errors: { ContentBase64: 'The file is not valid JSON' } });
    const blank = await upload('blank.txt', 'text/plain', '   \n ');
    expect(blank.json()).toEqual({ message: 'The file has no text to index.', errors: { ContentBase64: 'The file has no text to index' } });
    const byExtension = await upload('notes.md', 'application/octet-stream', '# Notes');
    expect(byExtension.json()).toMatchObject({ MimeType: 'text/markdown' });

    const tooLarge = await upload('huge.txt', 'text/plain', 'a'.repeat(12 * 1024 * 1024));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ message: 'The request is too large.' });
    const largeButAllowed = await upload('big.txt', 'text/plain', 'word '.repeat(1_400_000));
    expect(largeButAllowed.statusCode, largeButAllowed.body).toBe(200);
    await call('DELETE', `/api/v1/cdr/${source.id}/documents/${largeButAllowed.json().id}`);
  });

  it('builds a folder tree, lists one level, and deletes a folder with everything in it', async () => {
    const folder = (await call('POST', `/api/v1/cdr/${source.id}/documents`, { Name: 'Legal', ContentType: 1 })).json<DataSourceDocument>();
    expect(folder).toMatchObject({ ContentType: ContentType.FOLDER, UploadStatus: null, Size: 0, MimeType: null });
    const sub = (await call('POST', `/api/v1/cdr/${source.id}/documents`, { Name: 'Contracts', ContentType: 1, ParentId: folder.id })).json<DataSourceDocument>();
    const file = (await upload('nda.txt', 'text/plain', 'The nondisclosure agreement lasts five years.', sub.id)).json<DataSourceDocument & { JobId: string }>();
    const fileInFile = await upload('x.txt', 'text/plain', 'x', file.id);
    expect(fileInFile.json()).toEqual({ message: 'Some fields are not valid.', errors: { ParentId: 'Choose a folder of this data source' } });
    const sameName = await call('POST', `/api/v1/cdr/${source.id}/documents`, { Name: 'legal', ContentType: 1 });
    expect(sameName.statusCode).toBe(409);
    await t.app.services.jobs.drain();
    expect((await call('GET', `/api/v1/jobs/${file.JobId}`)).json()).toMatchObject({ Status: 'completed', Message: 'Indexed 1 file.' });
    expect((await search('nondisclosure agreement'))[0]?.DocumentId).toBe(file.id);

    const inLegal = await call('GET', `/api/v1/cdr/${source.id}/documents?filter=${encodeURIComponent(JSON.stringify({ ParentId: folder.id }))}`);
    expect(inLegal.json<DataSourceDocument[]>().map((row) => row.Name)).toEqual(['Contracts']);
    const top = (await call('GET', `/api/v1/cdr/${source.id}/documents?range=[0,99]&filter={"ParentId":null}`)).json<DataSourceDocument[]>();
    expect(top[0]!.Name).toBe('Legal');
    expect(top.every((row) => row.ParentId === null)).toBe(true);

    const removed = await call('DELETE', `/api/v1/cdr/${source.id}/documents/${folder.id}`);
    expect(removed.statusCode).toBe(200);
    for (const id of [folder.id, sub.id, file.id]) expect((await call('GET', `/api/v1/cdr/${source.id}/documents/${id}`)).statusCode).toBe(404);
    const leftovers = await t.db.kysely.selectFrom('chunks').select('id').where('document_id', '=', file.id).execute();
    expect(leftovers).toEqual([]);
    const terms = await t.db.kysely.selectFrom('chunk_terms').select('chunk_id').where('term', '=', 'nondisclosure').execute();
    expect(terms).toEqual([]);
    expect(await search('nondisclosure agreement')).toEqual([]);
  });

  it('re-indexes only changed files at sync, all of them after the chunk size changed', async () => {
    const sync = async () => {
      const started = await call('POST', `/api/v1/cdr/${source.id}/sync`);
      expect(started.statusCode).toBe(202);
      await t.app.services.jobs.drain();
      return (await call('GET', `/api/v1/cdr/${source.id}`)).json<DataSource>();
    };
    const files = (await call('GET', `/api/v1/cdr/${source.id}`)).json<DataSource>().DocumentCount;
    expect((await sync()).LastSyncMessage).toBe(`Indexed 0 files; ${files} unchanged.`);
    const before = await t.db.kysely.selectFrom('chunks').select((eb) => eb.fn.countAll<number>().as('n')).where('data_source_id', '=', source.id).executeTakeFirstOrThrow();

    await call('PUT', `/api/v1/cdr/${source.id}`, { Name: 'Handbook', AppId: 0, Rag: { ChunkSize: 4 } });
    const resynced = await sync();
    expect(resynced.LastSyncMessage).toBe(`Indexed ${files} files; 0 unchanged.`);
    expect(resynced.ChunkCount).toBeLessThan(Number(before.n));
    expect((await search('Who approves travel expenses?'))[0]?.DocumentName).toBe('handbook.md');
  });

  it('accepts uploads only on the built-in store', async () => {
    const crm = (await call('POST', '/api/v1/cdr', { Name: 'CRM', AppId: 26, Connection: { InstanceUrl: 'https://crm.example.test', AccessToken: 't' } })).json<DataSource>();
    const refused = await call('POST', `/api/v1/cdr/${crm.id}/documents`, { Name: 'a', ContentType: 1 });
    expect(refused.json()).toEqual({ message: 'Files can only be added to an uploaded-files data source (AppId 0); this one syncs from its service.' });
  });
});
