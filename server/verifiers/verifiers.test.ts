// Verification sources over HTTP: CRUD, field messages, the write-only encrypted key, audit without secrets, and
// the organization's enabled verifiers run on an answer (built-in and against a local external service).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VerificationStatus } from '../../domain/enums';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';
import { demoTenant } from '../../tests/helpers/tenants';

describe('verifiers', () => {
  let t: TestApp;
  let cookie: string;
  let organizationId: string;
  let server: http.Server;
  let endpoint: string;
  const authorizations: (string | undefined)[] = [];

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie, 'x-requested-with': 'test' }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await build({ env: { JOBS: 'false' } });
    const demo = await demoTenant(t);
    organizationId = demo.organizationId;
    cookie = await t.login(demo.users.orgAdmin.email);
    server = http.createServer((request, response) => {
      authorizations.push(request.headers.authorization);
      request.resume();
      request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{"results":[{"metric":"factuality","value":95}]}'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/verify`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  it('lists the seeded built-in verifier, creates another with defaults and filters the list', async () => {
    const seeded = await call('GET', '/api/v1/verifiers');
    expect(seeded.headers['content-range']).toBe('verifiers 0-0/1');
    expect(seeded.json()).toMatchObject([{ Name: 'Built-in checks', MetricTypes: ['hallucination', 'toxicity', 'bias', 'relevancy'], Endpoint: null, Action: 'warn_user', Threshold: 70, Enabled: true }]);
    const created = await call('POST', '/api/v1/verifiers', { Name: 'Strict checks', MetricTypes: ['toxicity', 'hallucination', 'toxicity'] });
    expect(created.statusCode).toBe(200);
    const body = created.json();
    expect(body).toMatchObject({ Name: 'Strict checks', MetricTypes: ['hallucination', 'toxicity'], Intensity: 'Medium', ApiVersion: 'v1', Action: 'warn_user', Threshold: 70, Endpoint: null, ApiKeySet: false, Enabled: true });
    const list = await call('GET', '/api/v1/verifiers?sort=["Name","DESC"]&range=[0,0]');
    expect(list.headers['content-range']).toBe('verifiers 0-0/2');
    expect(list.json().map((row: { id: string }) => row.id)).toEqual([body.id]);
    const filtered = await call('GET', `/api/v1/verifiers?filter=${encodeURIComponent(JSON.stringify({ q: 'strict' }))}`);
    expect(filtered.json().map((row: { Name: string }) => row.Name)).toEqual(['Strict checks']);
  });

  it('answers field messages for bad input and 409 for a taken name', async () => {
    const bad = await call('POST', '/api/v1/verifiers', { Name: ' ', MetricTypes: [], Threshold: 101, Intensity: 'Extreme', Endpoint: 'ftp://x', Action: 'explode' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      Name: 'Name is required',
      MetricTypes: 'Choose at least one metric type',
      Threshold: 'Threshold must be a whole number from 0 to 100',
      Intensity: 'Intensity must be High, Medium or Low',
      Endpoint: 'Endpoint must be an http(s) URL without user name, password or query, such as https://verify.example.com/v1/verify',
      Action: 'Action must be show_response, warn_user or block_response',
    });
    const unknownMetric = await call('POST', '/api/v1/verifiers', { Name: 'X', MetricTypes: ['vibes'] });
    expect(unknownMetric.json().errors).toEqual({ 'MetricTypes.0': 'Metric types must be among hallucination, toxicity, bias, factuality, relevancy, accuracy, response_accuracy' });
    const taken = await call('POST', '/api/v1/verifiers', { Name: 'BUILT-IN CHECKS', MetricTypes: ['bias'] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'A verifier with this name already exists.', errors: { Name: 'Name is already in use' } });
  });

  it('keeps a stored key only for the endpoint it was entered for', async () => {
    const input = { Name: 'Moved', MetricTypes: ['factuality'], ApiVersion: 'v2', Action: 'warn_user', Threshold: 80 };
    const created = await call('POST', '/api/v1/verifiers', { ...input, Endpoint: endpoint, ApiKey: 'vk-kept-for-one-endpoint' });
    const id = created.json().id as string;

    const moved = await call('PUT', `/api/v1/verifiers/${id}`, { ...input, Endpoint: `${endpoint}/elsewhere`, ApiKey: '' });

    expect(moved.statusCode).toBe(200);
    expect(moved.json().ApiKeySet).toBe(false);
    const row = await t.db.kysely.selectFrom('verifiers').select('api_key_enc').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.api_key_enc).toBeNull();
    expect((await call('DELETE', `/api/v1/verifiers/${id}`)).statusCode).toBe(200);
  });

  it('stores the API key encrypted, never returns or audits it, keeps it on update and clears it on request', async () => {
    const created = await call('POST', '/api/v1/verifiers', { Name: 'External', MetricTypes: ['factuality'], Endpoint: endpoint, ApiKey: 'vk-super-secret', ApiVersion: 'v2', Action: 'block_response', Threshold: 90 });
    expect(created.statusCode).toBe(200);
    const id = created.json().id as string;
    expect(created.json()).toMatchObject({ ApiKeySet: true, Endpoint: endpoint });
    expect(created.body).not.toContain('vk-super-secret');
    const row = await t.db.kysely.selectFrom('verifiers').select(['api_key_enc', 'organization_id']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.api_key_enc).not.toContain('vk-super-secret');
    expect(t.app.services.secrets.decrypt(row.api_key_enc!)).toBe('vk-super-secret');
    expect(row.organization_id).toBe(organizationId);

    const kept = await call('PUT', `/api/v1/verifiers/${id}`, { Name: 'External', MetricTypes: ['factuality'], Endpoint: endpoint, ApiKey: '', ApiVersion: 'v2', Action: 'block_response', Threshold: 90 });
    expect(kept.json().ApiKeySet).toBe(true);

    const outcome = await t.app.services.verifiers.verifyAnswer(organizationId, { prompt: 'Q', answer: 'The Eiffel Tower is in Paris.', context: [] });
    expect(authorizations.at(-1)).toBe('Bearer vk-super-secret');
    expect(outcome.Results.map((result) => `${result.VerifierName}/${result.Metric}/${result.State}/${result.Score}/${result.Source}`)).toEqual([
      'Built-in checks/hallucination/not_verifiable/null/built-in',
      'Built-in checks/toxicity/verified/100/built-in',
      'Built-in checks/bias/verified/100/built-in',
      'Built-in checks/relevancy/not_verifiable/null/built-in',
      'External/factuality/verified/95/external',
      'Strict checks/hallucination/not_verifiable/null/built-in',
      'Strict checks/toxicity/verified/100/built-in',
    ]);
    expect(outcome).toMatchObject({ Status: VerificationStatus.PartiallyVerified, ResponseType: 'valid', Action: 'show_response' });

    const cleared = await call('PUT', `/api/v1/verifiers/${id}`, { Name: 'External', MetricTypes: ['factuality'], Endpoint: endpoint, ClearApiKey: true });
    expect(cleared.json().ApiKeySet).toBe(false);
    const audit = await t.db.kysely.selectFrom('audit_log').select(['summary', 'before_json', 'after_json']).where('resource', '=', 'verifiers').where('record_id', '=', id).orderBy('at').execute();
    expect(audit.map((entry) => entry.summary)).toEqual(['Created verifier "External"', 'Updated verifier "External"', 'Updated verifier "External" (API key removed)']);
    expect(JSON.stringify(audit)).not.toContain('vk-super-secret');
    expect(t.logs.join('')).not.toContain('vk-super-secret');
  });

  it('drops a key when the endpoint is removed, skips disabled verifiers, and deletes', async () => {
    const created = await call('POST', '/api/v1/verifiers', { Name: 'Temporary', MetricTypes: ['bias'], Endpoint: endpoint, ApiKey: 'k-1', Enabled: false });
    const id = created.json().id as string;
    const outcome = await t.app.services.verifiers.verifyAnswer(organizationId, { prompt: '', answer: 'Fine.', context: [] });
    expect(outcome.Results.some((result) => result.VerifierId === id)).toBe(false);
    const builtIn = await call('PUT', `/api/v1/verifiers/${id}`, { Name: 'Temporary', MetricTypes: ['bias'], Endpoint: '', Enabled: false });
    expect(builtIn.json()).toMatchObject({ Endpoint: null, ApiKeySet: false });
    expect((await call('DELETE', `/api/v1/verifiers/${id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/verifiers/${id}`)).statusCode).toBe(404);
  });
});
