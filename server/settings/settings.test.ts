import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';

const valid = {
  Title: 'Acme AI',
  Icon: null,
  Logo: 'https://cdn.acme.test/logo.png',
  Favicon: 'data:image/png;base64,iVBORw0KGgo=',
  ThemeColor: '#AA3300',
  DefaultHomePageRoute: '/admin/policies',
  Features: { CopyrightCheck: false, VoraDashboard: true, VoraPDashboard: false, EnableSearchSummary: true, Verification: true },
};

describe('system settings', () => {
  let t: TestApp;
  let oa: string;
  beforeAll(async () => {
    t = await build({ env: { JOBS: 'false' } });
    oa = await t.login('org-admin@demo.test');
  });
  afterAll(() => t.close());

  it('starts from the defaults and saves what /api/v1/meta then answers the organization', async () => {
    const initial = (await t.app.inject({ method: 'GET', url: '/api/v1/settings/current', headers: { cookie: oa } })).json();
    expect(initial).toMatchObject({ Title: 'AI Governance Console', ThemeColor: '#3478F6', DefaultHomePageRoute: '/chat' });
    const saved = await t.app.inject({ method: 'PUT', url: '/api/v1/settings/current', headers: { cookie: oa }, payload: valid });
    expect(saved.statusCode).toBe(200);
    const user = await t.login('user@demo.test');
    const meta = (await t.app.inject({ method: 'GET', url: '/api/v1/meta', headers: { cookie: user } })).json();
    expect(meta).toMatchObject({
      Title: 'Acme AI',
      Theme: { Icon: null, Logo: 'https://cdn.acme.test/logo.png', Favicon: 'data:image/png;base64,iVBORw0KGgo=', ThemeColor: '#AA3300' },
      Features: valid.Features,
      DefaultHomePageRoute: '/admin/policies',
    });
    // Signed out, the deployment defaults apply: another organization's branding is not leaked.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/meta' })).json().Title).toBe('AI Governance Console');
  });

  it('checks every field', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/settings',
      headers: { cookie: oa },
      payload: { ...valid, Title: '', ThemeColor: 'blue', DefaultHomePageRoute: 'javascript:alert(1)', Logo: 'javascript:alert(1)' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      Title: 'Title is required',
      ThemeColor: 'Use a colour like #3478F6',
      DefaultHomePageRoute: 'Default home route must be a path like /chat',
      Logo: 'Logo must be an http(s) URL, a path, or an uploaded image',
    });
  });
});
