// Every route of the corporate data sources × the four roles × own and foreign ids: only an organization admin
// acts, only inside their organization; a foreign id answers 404 and no error carries data.
import { describe, expect, it } from 'vitest';
import { UploadJobStatus } from '../../domain/enums';
import type { Expect, IsolationCase } from '../../tests/helpers/isolation';
import { useIsolationWorld, runIsolationCases } from '../../tests/helpers/isolation';
import { base64 } from './data-sources.fixtures';

const onlyOrgAdmin = (status: number): Expect => ({ PA: 403, CA: 403, OA: status, U: 403 });
const notOrgAdmin: Expect = { PA: 403, CA: 403, U: 403 };

describe('corporate data sources: tenant and role isolation', () => {
  const ids = {} as Record<string, string>;

  const w = useIsolationWorld(async () => {
    const otherOA = w.otherCookies.orgAdmin;

    const created = (cookie: string, url: string, body: unknown) => w.created<string>(cookie, url, body);
    const file = (name: string) => ({ Name: name, ContentType: 2, MimeType: 'text/plain', ContentBase64: base64('Shared secret plans for the merger.') });
    ids.own = await created(w.cookies.OA, '/api/v1/cdr', { Name: 'Own files', AppId: 0 });
    ids.ownSync = await created(w.cookies.OA, '/api/v1/cdr', { Name: 'Own sync', AppId: 0 });
    ids.foreign = await created(otherOA, '/api/v1/cdr', { Name: 'Foreign files', AppId: 0 });
    ids.ownDoc = await created(w.cookies.OA, `/api/v1/cdr/${ids.own}/documents`, file('own.txt'));
    ids.foreignDoc = await created(otherOA, `/api/v1/cdr/${ids.foreign}/documents`, file('foreign.txt'));
    await w.t.app.services.jobs.drain();
  });

  const sourceBody = () => ({ Name: `Renamed ${Math.random()}`, AppId: 0 });
  const folderBody = () => ({ Name: `Folder ${Math.random()}`, ContentType: 1 });
  const cases: IsolationCase[] = [
    { name: 'list sources', method: 'GET', url: () => '/api/v1/cdr', expect: onlyOrgAdmin(200) },
    { name: 'get own source', method: 'GET', url: () => `/api/v1/cdr/${ids.own}`, expect: onlyOrgAdmin(200) },
    { name: 'get foreign source', method: 'GET', url: () => `/api/v1/cdr/${ids.foreign}`, expect: onlyOrgAdmin(404) },
    { name: 'create a source', method: 'POST', url: () => '/api/v1/cdr', body: sourceBody, expect: notOrgAdmin },
    { name: 'update own source', method: 'PUT', url: () => `/api/v1/cdr/${ids.own}`, body: () => ({ Name: 'Own files', AppId: 0 }), expect: onlyOrgAdmin(200) },
    { name: 'update foreign source', method: 'PUT', url: () => `/api/v1/cdr/${ids.foreign}`, body: sourceBody, expect: onlyOrgAdmin(404) },
    { name: 'delete foreign source', method: 'DELETE', url: () => `/api/v1/cdr/${ids.foreign}`, expect: onlyOrgAdmin(404) },
    { name: 'sync own source', method: 'POST', url: () => `/api/v1/cdr/${ids.ownSync}/sync`, expect: onlyOrgAdmin(202) },
    { name: 'sync foreign source', method: 'POST', url: () => `/api/v1/cdr/${ids.foreign}/sync`, expect: onlyOrgAdmin(404) },
    // The own source keeps no external store (400 for its admin); the store settings and their Test are per tenant.
    { name: 'test own vector store', method: 'POST', url: () => `/api/v1/cdr/${ids.own}/vector-store/test`, expect: onlyOrgAdmin(400) },
    { name: 'test foreign vector store', method: 'POST', url: () => `/api/v1/cdr/${ids.foreign}/vector-store/test`, expect: onlyOrgAdmin(404) },
    { name: 'search own source', method: 'GET', url: () => `/api/v1/cdr/${ids.own}/search?q=merger`, expect: onlyOrgAdmin(200) },
    { name: 'search foreign source', method: 'GET', url: () => `/api/v1/cdr/${ids.foreign}/search?q=merger`, expect: onlyOrgAdmin(404) },

    { name: 'list own documents', method: 'GET', url: () => `/api/v1/cdr/${ids.own}/documents`, expect: onlyOrgAdmin(200) },
    { name: 'list foreign documents', method: 'GET', url: () => `/api/v1/cdr/${ids.foreign}/documents`, expect: onlyOrgAdmin(404) },
    { name: 'get own document', method: 'GET', url: () => `/api/v1/cdr/${ids.own}/documents/${ids.ownDoc}`, expect: onlyOrgAdmin(200) },
    { name: 'get foreign document', method: 'GET', url: () => `/api/v1/cdr/${ids.foreign}/documents/${ids.foreignDoc}`, expect: onlyOrgAdmin(404) },
    { name: 'get foreign document through own source', method: 'GET', url: () => `/api/v1/cdr/${ids.own}/documents/${ids.foreignDoc}`, expect: onlyOrgAdmin(404) },
    { name: 'add a folder to own source', method: 'POST', url: () => `/api/v1/cdr/${ids.own}/documents`, body: folderBody, expect: onlyOrgAdmin(200) },
    { name: 'add a folder to foreign source', method: 'POST', url: () => `/api/v1/cdr/${ids.foreign}/documents`, body: folderBody, expect: onlyOrgAdmin(404) },
    { name: 'delete foreign document', method: 'DELETE', url: () => `/api/v1/cdr/${ids.foreign}/documents/${ids.foreignDoc}`, expect: onlyOrgAdmin(404) },
    { name: 'delete foreign document through own source', method: 'DELETE', url: () => `/api/v1/cdr/${ids.own}/documents/${ids.foreignDoc}`, expect: onlyOrgAdmin(404) },
  ];

  runIsolationCases(w, cases);

  it('lists and searches only what belongs to the caller’s organization', async () => {
    const sources = (await w.call(w.cookies.OA, 'GET', '/api/v1/cdr?range=[0,99]')).json() as { id: string }[];
    expect(sources.map((source) => source.id).sort()).toEqual([ids.own, ids.ownSync].sort());
    const documents = (await w.call(w.cookies.OA, 'GET', `/api/v1/cdr/${ids.own}/documents?filter=${encodeURIComponent(JSON.stringify({ id: [ids.ownDoc, ids.foreignDoc] }))}`)).json() as { id: string }[];
    expect(documents.map((document) => document.id)).toEqual([ids.ownDoc]);
    const hits = ((await w.call(w.cookies.OA, 'GET', `/api/v1/cdr/${ids.own}/search?q=merger`)).json() as { Hits: { DocumentId: string }[] }).Hits;
    expect(hits.map((hit) => hit.DocumentId)).toEqual([ids.ownDoc]);
    const foreignStillThere = await w.t.db.kysely.selectFrom('documents').select('id').where('id', '=', ids.foreignDoc!).executeTakeFirst();
    expect(foreignStillThere?.id).toBe(ids.foreignDoc);
  });

  it('ignores mass assignment of tenant, ids and statuses', async () => {
    const created = await w.call(w.cookies.OA, 'POST', '/api/v1/cdr', {
      Name: 'Mass',
      AppId: 0,
      id: 'chosen-id',
      OrganizationId: w.other.organizationId,
      organization_id: w.other.organizationId,
      LastSyncStatus: 3,
      ChunkCount: 99,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ LastSyncStatus: 1, ChunkCount: 0 });
    expect(created.json().id).not.toBe('chosen-id');
    const row = await w.t.db.kysely.selectFrom('data_sources').select('organization_id').where('id', '=', created.json().id).executeTakeFirstOrThrow();
    expect(row.organization_id).toBe(w.demo.organizationId);

    const document = await w.call(w.cookies.OA, 'POST', `/api/v1/cdr/${ids.own}/documents`, {
      Name: 'mass.txt',
      ContentType: 2,
      MimeType: 'text/plain',
      ContentBase64: base64('hello'),
      DataSourceId: ids.foreign,
      UploadStatus: UploadJobStatus.COMPLETED,
      id: 'chosen-doc',
    });
    expect(document.statusCode).toBe(200);
    expect(document.json()).toMatchObject({ DataSourceId: ids.own, UploadStatus: UploadJobStatus.OPEN });
    expect(document.json().id).not.toBe('chosen-doc');
  });
});
