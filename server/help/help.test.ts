import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';
import { BUILT_IN_HELP_PAGES } from './builtin-pages';

describe('help pages', () => {
  let t: TestApp;
  let oa: string;
  beforeAll(async () => {
    t = await build({ env: { JOBS: 'false' } });
    oa = await t.login('org-admin@demo.test');
  });
  afterAll(() => t.close());

  it('lists the built-in pages and searches their text', async () => {
    const all = await t.app.inject({ method: 'GET', url: '/api/v1/help?range=[0,99]', headers: { cookie: oa } });
    expect(all.headers['content-range']).toBe(`help 0-${BUILT_IN_HELP_PAGES.length - 1}/${BUILT_IN_HELP_PAGES.length}`);
    const found = await t.app.inject({ method: 'GET', url: `/api/v1/help?filter=${encodeURIComponent('{"q":"bearer token"}')}`, headers: { cookie: oa } });
    expect(found.json().map((page: { Slug: string }) => page.Slug)).toEqual(['access-tokens']);
  });

  it('adds, edits and deletes pages of the organization, never built-in ones', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/help', headers: { cookie: oa }, payload: { Slug: 'Expense-Bot', Title: 'Expense bot', Category: 'Apps', Body: '# Use it' } });
    expect(created.json()).toMatchObject({ id: 'expense-bot', Slug: 'expense-bot', BuiltIn: false });
    const clash = await t.app.inject({ method: 'POST', url: '/api/v1/help', headers: { cookie: oa }, payload: { Slug: 'policies', Title: 'x', Category: 'x', Body: 'x' } });
    expect(clash.statusCode).toBe(409);
    const edited = await t.app.inject({ method: 'PUT', url: '/api/v1/help/expense-bot', headers: { cookie: oa }, payload: { Slug: 'expense-bot', Title: 'Expense bot v2', Category: 'Apps', Body: 'new' } });
    expect(edited.json().Title).toBe('Expense bot v2');
    const builtIn = await t.app.inject({ method: 'PUT', url: '/api/v1/help/policies', headers: { cookie: oa }, payload: { Slug: 'policies', Title: 'x', Category: 'x', Body: 'x' } });
    expect(builtIn.statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'POST', url: '/api/v1/help', headers: { cookie: oa }, payload: { Slug: 'Not ok!', Title: '', Category: 'x', Body: 'x' } });
    expect(bad.json().errors).toEqual({ Slug: 'Slug may use lowercase letters, digits and single dashes', Title: 'Title is required' });
    expect((await t.app.inject({ method: 'DELETE', url: '/api/v1/help/expense-bot', headers: { cookie: oa, 'x-requested-with': 'test' } })).statusCode).toBe(200);
  });
});
