import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentType, UploadJobStatus } from '../../domain/enums';
import type { DataSource, DataSourceDocument, RetrievalResult } from '../../domain/schemas/data-sources';
import type { DocumentBatch } from '../../domain/schemas/document-batches';
import { MAX_BATCH_FILES } from '../../domain/schemas/document-batches';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';
import { demoTenant } from '../../tests/helpers/tenants';
import type { FixtureFile } from './data-sources.fixtures';
import { minimalPdf, multipartFiles } from './data-sources.fixtures';
import { batchJobHandler, CDR_BATCH_JOB } from './document-batch.job';

const HEADERS = { 'x-requested-with': 'test' };

describe('multi-file uploads to the built-in store: one request, one job, an outcome per file', () => {
  let t: TestApp;
  let admin: string;
  let source: DataSource;

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { ...HEADERS, cookie: admin }, ...(payload ? { payload } : {}) });
  const uploadBatch = async (files: readonly FixtureFile[], fields: Record<string, string> = {}, sourceId = source.id) => {
    const { payload, headers } = await multipartFiles(files, fields);
    return t.app.inject({ method: 'POST', url: `/api/v1/cdr/${sourceId}/documents/batch`, headers: { ...HEADERS, ...headers, cookie: admin }, payload });
  };
  const batchOf = async (jobId: string) => (await call('GET', `/api/v1/cdr/${source.id}/documents/batch/${jobId}`)).json<DocumentBatch>();
  const search = async (q: string) => (await call('GET', `/api/v1/cdr/${source.id}/search?q=${encodeURIComponent(q)}`)).json<RetrievalResult>().Hits;
  const children = async (parentId: string | null) =>
    (await call('GET', `/api/v1/cdr/${source.id}/documents?range=[0,99]&filter=${encodeURIComponent(JSON.stringify({ ParentId: parentId }))}`)).json<DataSourceDocument[]>();

  beforeAll(async () => {
    t = await build({ env: { JOBS: 'false' } });
    admin = await t.login((await demoTenant(t)).users.orgAdmin.email);
    source = (await call('POST', '/api/v1/cdr', { Name: 'Policies', AppId: 0 })).json<DataSource>();
  });
  afterAll(() => t.close());

  it('indexes the readable files of a folder by one job and lists each failure with its reason', async () => {
    const created = await uploadBatch([
      { path: 'handbook/travel.md', type: 'text/markdown', content: 'Travel expenses above 500 euros need approval from the finance director.' },
      { path: 'handbook/legal/nda.pdf', type: 'application/pdf', content: minimalPdf('The nondisclosure agreement lasts five years.') },
      { path: 'handbook/memo.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', content: 'PK..' },
      { path: 'handbook/broken.json', type: 'application/json', content: '{' },
      { path: 'handbook/huge.txt', type: 'text/plain', content: 'a'.repeat(10 * 1024 * 1024 + 1) },
      { path: 'prices.csv', type: '', content: 'item,price\nespresso,2.10\n' },
    ]);
    expect(created.statusCode, created.body).toBe(202);
    const queued = created.json<DocumentBatch>();
    expect(queued).toMatchObject({ DataSourceId: source.id, Status: 'queued', Total: 6, Done: 2, Indexed: 0, Failed: 2 });
    expect(queued.Files.map((file) => [file.Path, file.Status, file.Error])).toEqual([
      ['handbook/travel.md', 'queued', null],
      ['handbook/legal/nda.pdf', 'queued', null],
      ['handbook/memo.docx', 'failed', 'Files of type application/vnd.openxmlformats-officedocument.wordprocessingml.document cannot be indexed. Only text, Markdown, CSV, JSON, HTML and PDF files can be indexed.'],
      ['handbook/broken.json', 'queued', null],
      ['handbook/huge.txt', 'failed', 'The file is larger than 10 MB.'],
      ['prices.csv', 'queued', null],
    ]);
    const jobs = await t.db.kysely.selectFrom('jobs').select('id').where('type', '=', CDR_BATCH_JOB).execute();
    expect(jobs.map((job) => job.id)).toEqual([queued.JobId]);

    await t.app.services.jobs.drain();
    const done = await batchOf(queued.JobId);
    expect(done).toMatchObject({ Status: 'completed', Total: 6, Done: 6, Indexed: 3, Failed: 3 });
    expect(done.Files.find((file) => file.Path === 'handbook/broken.json')).toMatchObject({ Status: 'failed', Error: 'The file is not valid JSON.', DocumentId: null });
    expect(done.Message).toBe('Indexed 3 of 6 files; 3 failed (handbook/memo.docx: Files of type application/vnd.openxmlformats-officedocument.wordprocessingml.document cannot be indexed. Only text, Markdown, CSV, JSON, HTML and PDF files can be indexed.).');
    const job = (await call('GET', `/api/v1/jobs/${queued.JobId}`)).json();
    expect(job).toMatchObject({ Type: CDR_BATCH_JOB, Status: 'completed', Progress: 100 });
    const stored = await t.db.kysely.selectFrom('document_batch_files').select('content').where('job_id', '=', queued.JobId).execute();
    expect(stored.every((row) => row.content === null)).toBe(true);

    const [handbook] = await children(null).then((rows) => rows.filter((row) => row.Name === 'handbook'));
    expect(handbook).toMatchObject({ ContentType: ContentType.FOLDER });
    expect((await children(handbook!.id)).map((row) => row.Name)).toEqual(['legal', 'travel.md']);
    expect((await search('Who approves travel expenses?'))[0]).toMatchObject({ DocumentName: 'travel.md' });
    expect((await search('nondisclosure agreement'))[0]).toMatchObject({ DocumentName: 'nda.pdf' });
    expect((await search('espresso'))[0]).toMatchObject({ DocumentName: 'prices.csv' });
    const travel = done.Files.find((file) => file.Path === 'handbook/travel.md')!;
    expect((await call('GET', `/api/v1/cdr/${source.id}/documents/${travel.DocumentId}`)).json()).toMatchObject({ UploadStatus: UploadJobStatus.COMPLETED, ParentId: handbook!.id });
  });

  it('merges a second upload into the folders already there and fails a file whose name is taken, alone', async () => {
    const created = await uploadBatch([
      { path: 'handbook/travel.md', type: 'text/markdown', content: 'A second travel policy.' },
      { path: 'handbook/holidays.md', type: 'text/markdown', content: 'Holidays are booked through the staffing calendar.' },
    ]);
    await t.app.services.jobs.drain();
    const done = await batchOf(created.json<DocumentBatch>().JobId);
    expect(done.Files.map((file) => [file.Status, file.Error])).toEqual([
      ['failed', 'A file or folder with this name already exists here.'],
      ['indexed', null],
    ]);
    expect((await children(null)).filter((row) => row.Name === 'handbook')).toHaveLength(1);
    expect((await search('staffing calendar'))[0]).toMatchObject({ DocumentName: 'holidays.md' });
  });

  it('uploads into a chosen folder and refuses what is not one', async () => {
    const folder = (await call('POST', `/api/v1/cdr/${source.id}/documents`, { Name: 'Inbox', ContentType: 1 })).json<DataSourceDocument>();
    const created = await uploadBatch([{ path: 'note.txt', type: 'text/plain', content: 'Parking spaces are assigned by seniority.' }], { ParentId: folder.id });
    await t.app.services.jobs.drain();
    const done = await batchOf(created.json<DocumentBatch>().JobId);
    expect((await call('GET', `/api/v1/cdr/${source.id}/documents/${done.Files[0]!.DocumentId}`)).json()).toMatchObject({ ParentId: folder.id, Name: 'note.txt' });

    const file = done.Files[0]!.DocumentId!;
    const intoFile = await uploadBatch([{ path: 'x.txt', type: 'text/plain', content: 'x' }], { ParentId: file });
    expect(intoFile.statusCode).toBe(400);
    expect(intoFile.json()).toEqual({ message: 'Some fields are not valid.', errors: { ParentId: 'Choose a folder of this data source' } });
  });

  it('refuses a request without files, with too many, too large together, or on a connector', async () => {
    const none = await uploadBatch([], { ParentId: '' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: 'Some fields are not valid.', errors: { Files: 'Choose at least one file to upload' } });
    const notMultipart = await call('POST', `/api/v1/cdr/${source.id}/documents/batch`, { Files: [] });
    expect(notMultipart.json()).toEqual({ message: 'Choose at least one file to upload.', errors: { Files: 'Choose at least one file to upload.' } });

    const many = Array.from({ length: MAX_BATCH_FILES + 1 }, (_, index) => ({ path: `f${index}.txt`, type: 'text/plain', content: `file ${index}` }));
    const tooMany = await uploadBatch(many);
    expect(tooMany.json()).toEqual({ message: 'Some fields are not valid.', errors: { Files: `Upload at most ${MAX_BATCH_FILES} files at once` } });

    const nineMb = 'b'.repeat(9 * 1024 * 1024);
    const tooLarge = await uploadBatch(Array.from({ length: 6 }, (_, index) => ({ path: `part${index}.txt`, type: 'text/plain', content: nineMb })));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ message: 'The files together are larger than 50 MB; upload them in several parts.' });

    const crm = (await call('POST', '/api/v1/cdr', { Name: 'CRM', AppId: 26, Connection: { InstanceUrl: 'https://crm.example.test', AccessToken: 't' } })).json<DataSource>();
    const refused = await uploadBatch([{ path: 'a.txt', type: 'text/plain', content: 'a' }], {}, crm.id);
    expect(refused.json()).toEqual({ message: 'Files can only be added to an uploaded-files data source (AppId 0); this one syncs from its service.' });
    const batches = await t.db.kysely.selectFrom('document_batch_files').select('id').where('data_source_id', '=', crm.id).execute();
    expect(batches).toEqual([]);
  });

  it('goes on where it stopped when its server died mid-job, without redoing a finished file', async () => {
    const created = (
      await uploadBatch([
        { path: 'restart/one.txt', type: 'text/plain', content: 'Badges are renewed every spring.' },
        { path: 'restart/two.txt', type: 'text/plain', content: 'Visitors sign in at the front desk.' },
        { path: 'restart/three.txt', type: 'text/plain', content: 'Bicycles are parked in the courtyard.' },
      ])
    ).json<DocumentBatch>();
    const job = await t.db.kysely.selectFrom('jobs').selectAll().where('id', '=', created.JobId).executeTakeFirstOrThrow();
    // A server claims the job, finishes the first file and dies: its progress report after that file never returns.
    await t.db.kysely.updateTable('jobs').set({ status: 'running', attempts: 1, locked_by: 'dead', locked_until: Date.now() - 1 }).where('id', '=', job.id).execute();
    const died = new Error('server died');
    const messages: string[] = [];
    const dying = batchJobHandler(t.app.services.embedders)({
      job,
      payload: JSON.parse(job.payload_json),
      signal: new AbortController().signal,
      giveWay: async () => undefined,
      db: t.db.kysely,
      log: t.app.log,
      progress: async (_, message) => {
        messages.push(message ?? '');
        if (message?.startsWith('1 of 3')) throw died;
      },
    });
    await expect(dying).rejects.toBe(died);
    expect(messages).toEqual(['0 of 3 files done: 0 indexed, 0 failed', '1 of 3 files done: 1 indexed, 0 failed']);
    const halfway = await batchOf(created.JobId);
    expect(halfway).toMatchObject({ Status: 'running', Done: 1, Indexed: 1 });
    const firstDocument = halfway.Files[0]!.DocumentId;

    await t.app.services.jobs.drain();
    const done = await batchOf(created.JobId);
    expect(done).toMatchObject({ Status: 'completed', Done: 3, Indexed: 3, Failed: 0, Message: 'Indexed 3 of 3 files.' });
    expect(done.Files[0]!.DocumentId).toBe(firstDocument);
    const ones = await t.db.kysely.selectFrom('documents').select('id').where('data_source_id', '=', source.id).where('name', '=', 'one.txt').execute();
    expect(ones).toHaveLength(1);
    expect((await search('courtyard bicycles'))[0]).toMatchObject({ DocumentName: 'three.txt' });
    expect((await t.db.kysely.selectFrom('jobs').select('attempts').where('id', '=', created.JobId).executeTakeFirstOrThrow()).attempts).toBe(2);
  });

  it('fails a file whose document was deleted between its reading and its indexing', async () => {
    const created = (await uploadBatch([{ path: 'gone.txt', type: 'text/plain', content: 'Deleted meanwhile.' }])).json<DocumentBatch>();
    // As a restarted job finds it: read and created by the last run, then deleted by an admin.
    await t.db.kysely.updateTable('document_batch_files').set({ status: 'extracted', document_id: 'deleted-document', content: null }).where('job_id', '=', created.JobId).execute();
    await t.app.services.jobs.drain();
    expect((await batchOf(created.JobId)).Files[0]).toMatchObject({ Status: 'failed', Error: 'The file was deleted before it could be indexed.' });
  });

  it('marks what a job never finished as failed once it stopped for good', async () => {
    const created = (await uploadBatch([{ path: 'stuck.txt', type: 'text/plain', content: 'Never read.' }])).json<DocumentBatch>();
    await t.db.kysely.updateTable('jobs').set({ status: 'running', attempts: 3, locked_until: Date.now() - 1 }).where('id', '=', created.JobId).execute();
    await t.app.services.jobs.drain();
    const done = await batchOf(created.JobId);
    expect(done).toMatchObject({ Status: 'failed', Done: 1, Failed: 1 });
    expect(done.Files[0]).toMatchObject({ Status: 'failed', Error: 'Stopped after 3 attempts that did not finish' });
  });
});
