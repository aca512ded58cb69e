// Saving a URL that outbound calls may not reach is refused with 400 naming the field and the host, for language
// models, verifiers, identity providers and data-source connectors; the Test action and a connector's sync check
// again at call time. A stub resolver answers every name: nothing leaves 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigStatus, LastSyncStatus } from '../../domain/enums';
import type { DataSource } from '../../domain/schemas/data-sources';
import type { LanguageModel } from '../../domain/schemas/language-models';
import { stubResolver } from '../../tests/fakes/stub-resolver';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';

const HEADERS = { 'x-requested-with': 'XMLHttpRequest' };
const HINT = 'outbound calls to private, loopback, link-local and metadata addresses are refused unless the operator names the host in OUTBOUND_ALLOW_HOSTS.';

describe('saving URLs that outbound calls may not reach', () => {
  let t: TestApp;
  let orgAdmin: string;
  // moving.test resolves to a public address once (at save), then to a private one: DNS has changed since.
  let movingLookups = 0;
  const resolver = stubResolver({
    'intranet.test': ['10.0.0.5'],
    'dual.test': ['93.184.216.34', 'fd00::7'],
    'ollama.internal': ['10.1.1.1'],
    'moving.test': () => (movingLookups++ === 0 ? ['93.184.216.34'] : ['10.0.0.5']),
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { ...HEADERS, cookie: orgAdmin }, ...(payload ? { payload } : {}) });
  const model = (BaseUrl: string) => ({ Name: `Model ${Math.random().toString(36).slice(2, 8)}`, Provider: 'ollama', Model: 'llama3', BaseUrl });
  const countOf = async (table: 'language_models' | 'verifiers' | 'identity_providers' | 'data_sources') =>
    Number((await t.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    t = await build({ env: { JOBS: 'false', OUTBOUND_ALLOW_HOSTS: '127.0.0.1,ollama.internal' }, resolver });
    orgAdmin = await t.login('org-admin@demo.test');
  });
  afterAll(() => t.close());

  it('refuses a language model whose base URL is a blocked address in any spelling, or resolves to one', async () => {
    const before = await countOf('language_models');
    const cases: [string, string][] = [
      ['http://169.254.169.254/v1', 'The host 169.254.169.254 is a cloud metadata address'],
      ['http://10.0.0.1:11434', 'The host 10.0.0.1 is a private address'],
      ['http://0x7f.2:11434', 'The host 127.0.0.2 is a loopback address'],
      ['http://2130706434:11434', 'The host 127.0.0.2 is a loopback address'],
      ['http://[::1]:11434', 'The host ::1 is a loopback address'],
      ['http://[::ffff:192.168.1.1]:11434', 'The host ::ffff:c0a8:101 is a private address'],
      ['http://[fe80::1]:11434', 'The host fe80::1 is a link-local address'],
      ['http://localhost:11434', 'The host localhost is a loopback name'],
      ['http://metadata.google.internal/v1', 'The host metadata.google.internal is a cloud metadata name'],
      ['https://intranet.test/v1', 'The host intranet.test resolves to a private address'],
      ['https://dual.test/v1', 'The host dual.test resolves to a private address'],
    ];
    for (const [BaseUrl, why] of cases) {
      const response = await call('POST', '/api/v1/language-models', model(BaseUrl));
      expect(response.statusCode, BaseUrl).toBe(400);
      expect(response.json()).toEqual({ message: 'Some fields are not valid.', errors: { BaseUrl: `${why}; ${HINT}` } });
    }
    expect(await countOf('language_models')).toBe(before);
  });

  it('saves the allowed names and addresses, and a name that resolves to public addresses only', async () => {
    for (const BaseUrl of ['http://ollama.internal:11434', 'http://127.0.0.1:11434', 'http://2130706433:11434', 'https://unknown.test/v1']) {
      expect((await call('POST', '/api/v1/language-models', model(BaseUrl))).statusCode, BaseUrl).toBe(200);
    }
  });

  it('refuses changing a model to a blocked base URL, and keeps it as it was', async () => {
    const saved = (await call('POST', '/api/v1/language-models', model('http://127.0.0.1:11434'))).json<LanguageModel>();
    const changed = await call('PUT', `/api/v1/language-models/${saved.id}`, { ...model('http://192.168.0.10:11434'), Name: saved.Name });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().errors.BaseUrl).toBe(`The host 192.168.0.10 is a private address; ${HINT}`);
    expect((await call('GET', `/api/v1/language-models/${saved.id}`)).json()).toMatchObject({ BaseUrl: 'http://127.0.0.1:11434' });
  });

  it('refuses the Test of a stored model whose base URL is blocked (stored before, or DNS changed), sending nothing', async () => {
    const stored = (await call('POST', '/api/v1/language-models', model('http://127.0.0.1:9'))).json<LanguageModel>();
    await t.db.kysely.updateTable('language_models').set({ base_url: 'http://169.254.169.254' }).where('id', '=', stored.id).execute();
    const tested = await call('POST', `/api/v1/language-models/${stored.id}/test`);
    expect(tested.statusCode).toBe(400);
    expect(tested.json()).toEqual({ message: 'Some fields are not valid.', errors: { BaseUrl: `The host 169.254.169.254 is a cloud metadata address; ${HINT}` } });
    expect((await call('GET', `/api/v1/language-models/${stored.id}`)).json()).toMatchObject({ ConfigStatus: ConfigStatus.UNKNOWN });

    movingLookups = 0;
    const moving = await call('POST', '/api/v1/language-models', model('https://moving.test/v1'));
    expect(moving.statusCode).toBe(200);
    const retested = await call('POST', `/api/v1/language-models/${moving.json<LanguageModel>().id}/test`);
    expect(retested.statusCode).toBe(400);
    expect(retested.json().errors.BaseUrl).toBe(`The host moving.test resolves to a private address; ${HINT}`);
  });

  it('refuses a verifier endpoint that is blocked', async () => {
    const before = await countOf('verifiers');
    const input = { Name: 'External', MetricTypes: ['toxicity'], Endpoint: 'http://[fd00:ec2::254]/verify', Action: 'warn_user', Threshold: 70 };
    const created = await call('POST', '/api/v1/verifiers', input);
    expect(created.statusCode).toBe(400);
    expect(created.json().errors).toEqual({ Endpoint: `The host fd00:ec2::254 is a cloud metadata address; ${HINT}` });
    expect(await countOf('verifiers')).toBe(before);
    const saved = await call('POST', '/api/v1/verifiers', { ...input, Endpoint: 'http://127.0.0.1:9/verify' });
    expect(saved.statusCode).toBe(200);
    const changed = await call('PUT', `/api/v1/verifiers/${saved.json().id}`, { ...input, Endpoint: 'https://intranet.test/verify' });
    expect(changed.json().errors).toEqual({ Endpoint: `The host intranet.test resolves to a private address; ${HINT}` });
  });

  it('refuses an identity provider whose issuer is blocked', async () => {
    const before = await countOf('identity_providers');
    const created = await call('POST', '/api/v1/idps', { Name: 'Internal SSO', Issuer: 'https://172.16.5.5', ClientId: 'x', ClientSecret: 'client-secret-1' });
    expect(created.statusCode).toBe(400);
    expect(created.json().errors).toEqual({ Issuer: `The host 172.16.5.5 is a private address; ${HINT}` });
    expect(await countOf('identity_providers')).toBe(before);
  });

  it("refuses a connector's blocked URL or host, and its sync checks again when DNS has changed", async () => {
    const before = await countOf('data_sources');
    const crm = await call('POST', '/api/v1/cdr', { Name: 'CRM', AppId: 26, Connection: { InstanceUrl: 'https://100.100.100.200', AccessToken: 'tok' } });
    expect(crm.statusCode).toBe(400);
    expect(crm.json().errors).toEqual({ 'Connection.InstanceUrl': `The host 100.100.100.200 is a cloud metadata address; ${HINT}` });
    const warehouse = await call('POST', '/api/v1/cdr', { Name: 'DW', AppId: 37, Connection: { Host: 'intranet.test', Database: 'sales', User: 'u', Password: 'p' } });
    expect(warehouse.statusCode).toBe(400);
    expect(warehouse.json().errors).toEqual({ 'Connection.Host': `The host intranet.test resolves to a private address; ${HINT}` });
    expect(await countOf('data_sources')).toBe(before);

    movingLookups = 0;
    const moving = await call('POST', '/api/v1/cdr', { Name: 'Moving CRM', AppId: 26, Connection: { InstanceUrl: 'https://moving.test', AccessToken: 'tok' } });
    expect(moving.statusCode).toBe(200);
    const source = moving.json<DataSource>();
    expect((await call('POST', `/api/v1/cdr/${source.id}/sync`)).statusCode).toBe(202);
    await t.app.services.jobs.drain();
    const after = (await call('GET', `/api/v1/cdr/${source.id}`)).json<DataSource>();
    expect(after.LastSyncStatus).toBe(LastSyncStatus.ERROR);
    expect(after.LastSyncMessage).toBe(`Could not reach https://moving.test: The host moving.test resolves to a private address; ${HINT.replace(/\.$/, '')}`);
  });
});
