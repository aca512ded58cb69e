// The multi-file upload routes × the four roles × own and foreign data sources and batches: only an organization
// admin uploads or reads a batch, only in their organization; a foreign id answers 404 and no error carries data.
import { describe, expect, it } from 'vitest';
import type { DocumentBatch } from '../../domain/schemas/document-batches';
import type { RoleKey } from '../../tests/helpers/isolation';
import { ROLES, useIsolationWorld } from '../../tests/helpers/isolation';
import { multipartFiles } from './data-sources.fixtures';

const HEADERS = { 'x-requested-with': 'test' };
const onlyOrgAdmin = (status: number): Record<RoleKey, number> => ({ PA: 403, CA: 403, OA: status, U: 403 });

describe('multi-file uploads: tenant and role isolation', () => {
  const ids = {} as Record<'own' | 'foreign' | 'ownBatch' | 'foreignBatch', string>;

  const w = useIsolationWorld(async (world) => {
    ids.own = await world.created(world.cookies.OA, '/api/v1/cdr', { Name: 'Own files', AppId: 0 });
    ids.foreign = await world.created(world.otherCookies.orgAdmin, '/api/v1/cdr', { Name: 'Foreign files', AppId: 0 });
    ids.ownBatch = (await upload(world.cookies.OA, ids.own)).json<DocumentBatch>().JobId;
    ids.foreignBatch = (await upload(world.otherCookies.orgAdmin, ids.foreign)).json<DocumentBatch>().JobId;
    await world.t.app.services.jobs.drain();
  });

  async function upload(cookie: string | undefined, sourceId: string) {
    const { payload, headers } = await multipartFiles([{ path: `plans/${Math.random()}.txt`, type: 'text/plain', content: 'Shared secret plans for the merger.' }]);
    return w.t.app.inject({ method: 'POST', url: `/api/v1/cdr/${sourceId}/documents/batch`, headers: { ...HEADERS, ...headers, ...(cookie ? { cookie } : {}) }, payload });
  }

  const expectEveryRole = async (send: (cookie: string | undefined) => Promise<{ statusCode: number; body: string; json(): unknown }>, expected: Record<RoleKey, number>) => {
    const anonymous = await send(undefined);
    expect(anonymous.statusCode, 'signed out').toBe(401);
    for (const role of ROLES) {
      const response = await send(w.cookies[role]);
      expect(response.statusCode, `${role}: ${response.body}`).toBe(expected[role]);
      if (expected[role] >= 400) expect(Object.keys(response.json() as object)).toEqual(['message']);
    }
  };
  const read = (sourceId: string, jobId: string) => (cookie: string | undefined) =>
    w.t.app.inject({ method: 'GET', url: `/api/v1/cdr/${sourceId}/documents/batch/${jobId}`, headers: { ...HEADERS, ...(cookie ? { cookie } : {}) } });

  it('uploads to own source: only the organization admin', () => expectEveryRole((cookie) => upload(cookie, ids.own), onlyOrgAdmin(202)));
  it('uploads to a foreign source: 404 for the organization admin', () => expectEveryRole((cookie) => upload(cookie, ids.foreign), onlyOrgAdmin(404)));
  it('reads own batch', () => expectEveryRole(read(ids.own, ids.ownBatch), onlyOrgAdmin(200)));
  it('reads a foreign batch', () => expectEveryRole(read(ids.foreign, ids.foreignBatch), onlyOrgAdmin(404)));
  it('reads a foreign batch through own source', () => expectEveryRole(read(ids.own, ids.foreignBatch), onlyOrgAdmin(404)));

  it('the other organization’s admin sees only their own batch and files', async () => {
    const mine = await read(ids.foreign, ids.foreignBatch)(w.otherCookies.orgAdmin);
    expect(mine.json()).toMatchObject({ DataSourceId: ids.foreign, Total: 1, Indexed: 1 });
    expect((await read(ids.own, ids.ownBatch)(w.otherCookies.orgAdmin)).statusCode).toBe(404);
    // The refused uploads to the foreign source (every role of the demo tenant) stored nothing.
    const foreignFiles = await w.t.db.kysely.selectFrom('documents').select('id').where('data_source_id', '=', ids.foreign).where('content_type', '=', 2).execute();
    expect(foreignFiles).toHaveLength(1);
    const foreignBatches = await w.t.db.kysely.selectFrom('document_batch_files').select('job_id').where('data_source_id', '=', ids.foreign).execute();
    expect(foreignBatches.map((row) => row.job_id)).toEqual([ids.foreignBatch]);
  });
});
