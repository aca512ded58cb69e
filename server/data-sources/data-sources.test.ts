import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LastSyncStatus } from '../../domain/enums';
import type { DataSource } from '../../domain/schemas/data-sources';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';
import type { Tenant } from '../../tests/helpers/tenants';
import { demoTenant } from '../../tests/helpers/tenants';
import { base64, closedPort } from './data-sources.fixtures';

const SECRET = 'object-storage-secret-never-shown-5d1e';
const HEADERS = { 'x-requested-with': 'test' };

const storage = (overrides: Record<string, unknown> = {}) => ({
  Name: 'Contracts bucket',
  AppId: 7,
  Connection: { Endpoint: 'https://storage.example.test', Bucket: 'contracts', Region: 'eu-west-1', AccessKeyId: 'AKIDEXAMPLE', SecretAccessKey: SECRET },
  Rag: { VectorDatabase: 2, EmbeddingModel: 5, ChunkSize: 3, Similarity: 2, SyncInterval: 6, SyncIntervalUnit: 'h' },
  ...overrides,
});

describe('corporate data sources administration', () => {
  let t: TestApp;
  let demo: Tenant;
  let admin: string;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, cookie = admin) =>
    t.app.inject({ method, url, headers: { ...HEADERS, cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

  beforeAll(async () => {
    t = await build({ env: { JOBS: 'false' } });
    demo = await demoTenant(t);
    admin = await t.login(demo.users.orgAdmin.email);
  });
  afterAll(() => t.close());

  it('creates, lists, reads, updates and deletes a source, with an audit trail', async () => {
    const created = await call('POST', '/api/v1/cdr', storage());
    expect(created.statusCode, created.body).toBe(200);
    const source = created.json<DataSource>();
    expect(source).toMatchObject({
      Name: 'Contracts bucket',
      AppId: 7,
      Connection: { Endpoint: 'https://storage.example.test', Bucket: 'contracts', Region: 'eu-west-1', AccessKeyId: 'AKIDEXAMPLE', SecretAccessKeySet: true, Prefix: null },
      Rag: { VectorDatabase: 2, EmbeddingModel: 5, ChunkSize: 3, Similarity: 2, SyncInterval: 6, SyncIntervalUnit: 'h' },
      GroupIds: [],
      Enabled: true,
      LastSyncStatus: LastSyncStatus.UNKNOWN,
      LastSyncAt: null,
      DocumentCount: 0,
      ChunkCount: 0,
    });

    const list = await call('GET', '/api/v1/cdr?sort=["Name","ASC"]&range=[0,9]&filter={"AppId":7}');
    expect(list.headers['content-range']).toBe('cdr 0-0/1');
    expect(list.json<DataSource[]>().map((row) => row.id)).toEqual([source.id]);
    expect((await call('GET', '/api/v1/cdr?filter={"AppId":0}')).json()).toEqual([]);

    const group = (await call('POST', '/api/v1/groups', { Name: 'Legal' })).json<{ id: string }>();
    const updated = await call('PUT', `/api/v1/cdr/${source.id}`, storage({ Name: 'Contracts', GroupIds: [group.id], Enabled: false, Connection: { ...storage().Connection, SecretAccessKey: '' } }));
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ Name: 'Contracts', GroupIds: [group.id], Enabled: false, Connection: { SecretAccessKeySet: true } });

    // The kept secret only goes to the address it was entered for: a new Endpoint needs it again.
    const moved = await call('PUT', `/api/v1/cdr/${source.id}`, storage({ Name: 'Contracts', Connection: { ...storage().Connection, Endpoint: 'https://other-storage.example.test', SecretAccessKey: '' } }));
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors).toMatchObject({ 'Connection.SecretAccessKey': expect.stringMatching(/is required/) });

    const duplicate = await call('POST', '/api/v1/cdr', storage({ Name: 'contracts' }));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ message: 'A data source with this name already exists.', errors: { Name: 'A data source with this name already exists' } });

    const removed = await call('DELETE', `/api/v1/cdr/${source.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await call('GET', `/api/v1/cdr/${source.id}`)).statusCode).toBe(404);
    const audit = await t.db.kysely.selectFrom('audit_log').select('action').where('record_id', '=', source.id).orderBy('at').execute();
    expect(audit.map((row) => row.action)).toEqual(['create', 'update', 'delete']);
  });

  it('documents every route in the OpenAPI document', async () => {
    const paths = Object.keys((await t.app.inject({ method: 'GET', url: '/api/documentation/json' })).json().paths);
    expect(paths.filter((route) => route.startsWith('/api/v1/cdr'))).toEqual([
      '/api/v1/cdr',
      '/api/v1/cdr/{id}',
      '/api/v1/cdr/{id}/sync',
      '/api/v1/cdr/{id}/vector-store/test',
      '/api/v1/cdr/{id}/search',
      '/api/v1/cdr/{id}/documents',
      '/api/v1/cdr/{id}/documents/{docId}',
      '/api/v1/cdr/{id}/documents/batch',
      '/api/v1/cdr/{id}/documents/batch/{jobId}',
    ]);
  });

  it('validates connection settings per app with a message per field', async () => {
    const empty = await call('POST', '/api/v1/cdr', { Name: 'Bucket', AppId: 7, Connection: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({
      'Connection.Endpoint': 'API endpoint URL is required',
      'Connection.Bucket': 'Bucket is required',
      'Connection.Region': 'Region is required',
      'Connection.AccessKeyId': 'Access key ID is required',
      'Connection.SecretAccessKey': 'Secret access key is required',
    });

    const crm = await call('POST', '/api/v1/cdr', { Name: 'CRM', AppId: 26, Connection: { InstanceUrl: 'http://crm.example.test' } });
    expect(crm.json().errors).toEqual({ 'Connection.InstanceUrl': 'Instance URL must be an https URL', 'Connection.AccessToken': 'Access token is required' });

    const warehouse = await call('POST', '/api/v1/cdr', { Name: 'DW', AppId: 37, Connection: { Host: 'not a host!', Database: 'sales' } });
    expect(warehouse.json().errors).toEqual({
      'Connection.Host': 'Host or account must be a host name such as db.example.com',
      'Connection.User': 'User is required',
      'Connection.Password': 'Password is required',
    });

    const drive = await call('POST', '/api/v1/cdr', { Name: 'Drive', AppId: 9, Connection: { Endpoint: 'https://drive.example.test', Domain: 'example.com', ClientId: 'id' } });
    expect(drive.json().errors).toEqual({ 'Connection.ClientSecret': 'Client secret is required' });

    const chat = await call('POST', '/api/v1/cdr', { Name: 'Chat', AppId: 6, Connection: { Endpoint: 'https://chat.example.test' } });
    expect(chat.json().errors).toEqual({ 'Connection.Workspace': 'Workspace is required', 'Connection.BotToken': 'Bot token is required' });

    const rag = await call('POST', '/api/v1/cdr', { Name: 'Files', AppId: 0, Rag: { ChunkSize: 9, SyncInterval: 10, SyncIntervalUnit: 's' } });
    expect(rag.json().errors).toEqual({ 'Rag.ChunkSize': 'Chunk size must be 1 (512 B), 2 (1 KB), 3 (2 KB) or 4 (4 KB)' });
    const tooOften = await call('POST', '/api/v1/cdr', { Name: 'Files', AppId: 0, Rag: { SyncInterval: 10, SyncIntervalUnit: 's' } });
    expect(tooOften.json().errors).toEqual({ 'Rag.SyncInterval': 'Sync interval must be at least 1 minute' });

    const badApp = await call('POST', '/api/v1/cdr', { Name: 'X', AppId: 5 });
    expect(badApp.json().errors).toEqual({ AppId: 'App must be one of 0, 2, 6, 7, 9, 26, 35, 37, 38, 39' });

    const foreignGroup = await call('POST', '/api/v1/cdr', { Name: 'Files', AppId: 0, GroupIds: ['not-a-group'] });
    expect(foreignGroup.json()).toEqual({ message: 'Some fields are not valid.', errors: { GroupIds: 'Choose groups of your organization' } });
  });

  it('requires a secret again when the app changes, and never returns, stores in clear, audits or logs one', async () => {
    const source = (await call('POST', '/api/v1/cdr', storage({ Name: 'Secret keeper' }))).json<DataSource>();
    const switched = await call('PUT', `/api/v1/cdr/${source.id}`, { Name: 'Secret keeper', AppId: 35, Connection: { BaseUrl: 'https://files.example.test' } });
    expect(switched.statusCode).toBe(400);
    expect(switched.json().errors).toEqual({ 'Connection.AccessToken': 'Access token is required' });

    const bodies = [
      (await call('GET', `/api/v1/cdr/${source.id}`)).body,
      (await call('GET', '/api/v1/cdr?range=[0,99]')).body,
      (await call('GET', '/api/v1/audit-log?range=[0,99]')).body,
    ];
    for (const body of bodies) expect(body).not.toContain(SECRET);
    const row = await t.db.kysely.selectFrom('data_sources').selectAll().where('id', '=', source.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(SECRET);
    expect(JSON.parse(t.app.services.secrets.decrypt(row.secrets_enc!))).toEqual({ SecretAccessKey: SECRET });
    const audit = await t.db.kysely.selectFrom('audit_log').select(['before_json', 'after_json']).execute();
    expect(JSON.stringify(audit)).not.toContain(SECRET);
    expect(t.logs.join('')).not.toContain(SECRET);
  });

  it('two clicks on Sync at once queue one sync: the other is told one is running', async () => {
    const port = await closedPort();
    const source = (await call('POST', '/api/v1/cdr', { Name: 'CRM twice', AppId: 26, Connection: { InstanceUrl: `http://127.0.0.1:${port}`, AccessToken: 'tok' } })).json<DataSource>();
    const answers = await Promise.all([call('POST', `/api/v1/cdr/${source.id}/sync`), call('POST', `/api/v1/cdr/${source.id}/sync`)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 409]);
    const jobs = await t.db.kysely.selectFrom('jobs').select('payload_json').where('type', '=', 'cdr-source-sync').execute();
    expect(jobs.filter((job) => job.payload_json.includes(source.id))).toHaveLength(1);
    await t.app.services.jobs.drain();
    await call('DELETE', `/api/v1/cdr/${source.id}`);
  });

  it('ends the sync of an unreachable connector with an error that says why', async () => {
    const port = await closedPort();
    const url = `http://127.0.0.1:${port}`;
    const source = (await call('POST', '/api/v1/cdr', { Name: 'CRM', AppId: 26, Connection: { InstanceUrl: url, AccessToken: 'tok' } })).json<DataSource>();
    const started = await call('POST', `/api/v1/cdr/${source.id}/sync`);
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ message: 'Sync started.', LastSyncStatus: LastSyncStatus.IN_PROGRESS });
    const again = await call('POST', `/api/v1/cdr/${source.id}/sync`);
    expect(again.statusCode).toBe(409);

    await t.app.services.jobs.drain();
    const after = (await call('GET', `/api/v1/cdr/${source.id}`)).json<DataSource>();
    expect(after.LastSyncStatus).toBe(LastSyncStatus.ERROR);
    expect(after.LastSyncMessage).toBe(`Could not reach ${url}: connection refused`);
    expect(after.LastSyncAt).not.toBeNull();
    const job = (await call('GET', `/api/v1/jobs/${started.json().JobId}`)).json();
    expect(job).toMatchObject({ Type: 'cdr-source-sync', Status: 'failed', Message: `Could not reach ${url}: connection refused` });
    await call('DELETE', `/api/v1/cdr/${source.id}`);
  });

  it('syncs every enabled source in the organization-wide sync, each with its own status', async () => {
    const customerAdmin = await t.login(demo.users.customerAdmin.email);
    for (const existing of (await call('GET', '/api/v1/cdr?range=[0,99]')).json<DataSource[]>()) await call('DELETE', `/api/v1/cdr/${existing.id}`);

    const files = (await call('POST', '/api/v1/cdr', { Name: 'Handbook', AppId: 0 })).json<DataSource>();
    await call('POST', `/api/v1/cdr/${files.id}/documents`, { Name: 'a.txt', ContentType: 2, MimeType: 'text/plain', ContentBase64: base64('Holiday policy: 25 days.') });
    const disabled = (await call('POST', '/api/v1/cdr', { Name: 'Old CRM', AppId: 26, Enabled: false, Connection: { InstanceUrl: 'http://127.0.0.1:1', AccessToken: 'x' } })).json<DataSource>();

    const sync = () => call('POST', `/api/v1/organizations/${demo.organizationId}/cdr/sync`, undefined, customerAdmin);
    expect((await sync()).statusCode).toBe(202);
    await t.app.services.jobs.drain();
    let organization = (await call('GET', `/api/v1/organizations/${demo.organizationId}`, undefined, customerAdmin)).json();
    expect(organization).toMatchObject({ LastSyncStatus: LastSyncStatus.COMPLETED, LastSyncMessage: 'Synced 1 data source.' });
    expect((await call('GET', `/api/v1/cdr/${files.id}`)).json()).toMatchObject({ LastSyncStatus: LastSyncStatus.COMPLETED, LastSyncMessage: 'Indexed 0 files; 1 unchanged.', ChunkCount: 1 });
    expect((await call('GET', `/api/v1/cdr/${disabled.id}`)).json()).toMatchObject({ LastSyncStatus: LastSyncStatus.UNKNOWN });

    const port = await closedPort();
    // A new address needs its token again (a kept secret never follows the connection elsewhere).
    const enabled = await call('PUT', `/api/v1/cdr/${disabled.id}`, { Name: 'Old CRM', AppId: 26, Enabled: true, Connection: { InstanceUrl: `http://127.0.0.1:${port}`, AccessToken: 'x' } });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect((await sync()).statusCode).toBe(202);
    await t.app.services.jobs.drain();
    organization = (await call('GET', `/api/v1/organizations/${demo.organizationId}`, undefined, customerAdmin)).json();
    expect(organization).toMatchObject({
      LastSyncStatus: LastSyncStatus.ERROR,
      LastSyncMessage: `Synced 1 of 2 data sources. Failed: Old CRM: Could not reach http://127.0.0.1:${port}: connection refused`,
    });
    expect((await call('GET', `/api/v1/cdr/${disabled.id}`)).json()).toMatchObject({ LastSyncStatus: LastSyncStatus.ERROR, LastSyncMessage: `Could not reach http://127.0.0.1:${port}: connection refused` });
    expect((await call('GET', `/api/v1/cdr/${files.id}`)).json()).toMatchObject({ LastSyncStatus: LastSyncStatus.COMPLETED });
  });
});
