import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';
import { SettingsRepository } from './settings.repository';

describe('GET /api/v1/meta', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  it('is public and answers the defaults of the specification', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/meta' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      Title: 'AI Governance Console',
      Theme: { Icon: null, Logo: null, Favicon: null, ThemeColor: '#3478F6' },
      Features: { CopyrightCheck: true, VoraDashboard: false, VoraPDashboard: false, EnableSearchSummary: false, Verification: true },
      DeploymentType: 'cloud',
      DefaultHomePageRoute: '/chat',
      Version: '1.0.0',
    });
  });

  it("overlays the deployment's settings, then a signed-in user's organization", async () => {
    const settings = new SettingsRepository(t.db.kysely);
    const org = await t.db.kysely.selectFrom('organizations').select('id').executeTakeFirstOrThrow();
    const base = { icon: null, logo: null, favicon: null, features_json: null, deployment_type: null, default_home_route: null, updated_at: Date.now() };
    await settings.upsert({ ...base, scope: 'global', title: 'Acme Console', theme_color: '#112233', deployment_type: 'on-prem' });
    await settings.upsert({ ...base, scope: org.id, title: null, theme_color: '#445566', features_json: '{"VoraDashboard":true}', default_home_route: '/admin/policies' });

    const anonymous = (await t.app.inject({ method: 'GET', url: '/api/v1/meta' })).json();
    expect(anonymous).toMatchObject({ Title: 'Acme Console', Theme: { ThemeColor: '#112233' }, DeploymentType: 'on-prem', DefaultHomePageRoute: '/chat' });
    expect(anonymous.Features.VoraDashboard).toBe(false);

    const cookie = await t.login('user@demo.test');
    const member = (await t.app.inject({ method: 'GET', url: '/api/v1/meta', headers: { cookie } })).json();
    expect(member).toMatchObject({ Title: 'Acme Console', Theme: { ThemeColor: '#445566' }, DefaultHomePageRoute: '/admin/policies' });
    expect(member.Features).toEqual({ CopyrightCheck: true, VoraDashboard: true, VoraPDashboard: false, EnableSearchSummary: false, Verification: true });
  });

  it('lists no identity providers yet', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/idps/configured?domain=demo.test' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });
});
