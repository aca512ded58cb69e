import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../tests/helpers/build';
import type { TestApp } from '../../tests/helpers/build';
import { personalToken } from '../../tests/helpers/gateway';
import { demoTenant } from '../../tests/helpers/tenants';
import { DEMO_LANGUAGE_MODEL_NAME } from '../models/seed';
import { compiledOnceKeys, executeCompiledOnce } from './compiled-once';

let t: TestApp;
let token: string;
let users: { id: string; email: string }[];

beforeAll(async () => {
  t = await build({ env: { JOBS: 'false' } });
  token = await personalToken(t, (await demoTenant(t)).users.user.email);
  users = await t.db.kysely.selectFrom('users').select(['id', 'email']).orderBy('email').limit(3).execute();
});

afterAll(async () => {
  await t.close();
});

const emailOf = (id: string, key: string, parameters: unknown[]) =>
  executeCompiledOnce(t.db.kysely, key, parameters, () => t.db.kysely.selectFrom('users').select('email').where('id', '=', id).where('enabled', '=', 1)).then((result) => result.rows[0]?.email);

describe('statements compiled once', () => {
  it('reuses the SQL with each call\'s values', async () => {
    for (const user of users) expect(await emailOf(user.id, 'test.email', [user.id, 1])).toBe(user.email);
    expect(compiledOnceKeys(t.db.kysely).reused).toContain('test.email');
  });

  it('builds every time a statement whose parameters were not given in Kysely\'s order: the answers stay right', async () => {
    for (const user of users) expect(await emailOf(user.id, 'test.email.swapped', [1, user.id])).toBe(user.email);
    expect(compiledOnceKeys(t.db.kysely).built).toContain('test.email.swapped');
  });

  it('the request path of a gateway call builds none of its hot statements again', async () => {
    for (const content of ['What is the capital of France?', 'And of Italy?']) {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/openai/chat/completions', headers: { authorization: `Bearer ${token}` }, payload: { model: DEMO_LANGUAGE_MODEL_NAME, messages: [{ role: 'user', content }] } });
      expect(response.statusCode).toBe(200);
    }
    const { reused, built } = compiledOnceKeys(t.db.kysely);
    for (const key of ['tokens.bySecretHash.owner', 'rate.admit:1', 'lifecycle.finish']) expect(reused).toContain(key);
    // The stages of the trace, updated in place over the WAITING rows.
    expect(reused.some((key) => key.startsWith('insert:prompt_stages:') && key.endsWith(':7:on conflict prompt_id,service'))).toBe(true);
    for (const table of ['prompts', 'prompt_stages', 'prompt_policies', 'metrics_facts']) expect(reused.some((key) => key.startsWith(`insert:${table}:`))).toBe(true);
    expect(built.filter((key) => !key.startsWith('test.'))).toEqual([]);
  });
});
