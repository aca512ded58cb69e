import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';

describe('HTTP contract', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  it('answers the SPA for deep links and 404 JSON for unknown API paths', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<div id="root">');
    expect(root.headers['cache-control']).toBe('no-cache');

    const deep = await t.app.inject({ method: 'GET', url: '/admin/users/123' });
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['content-type']).toContain('text/html');
    expect(deep.body).toContain('<div id="root">');

    const api = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'No route for GET /api/v1/nothing-here.' });
  });

  it('refuses a cookie-authenticated mutation without a JSON body or X-Requested-With (CSRF)', async () => {
    const cookie = await t.login('user@demo.test');
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    expect(form.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } })).statusCode).toBe(200);
  });

  it('applies the CSRF rule to the path the router understood, not the raw URL', async () => {
    const cookie = await t.login('user@demo.test');
    for (const url of ['/%61pi/v1/auth/logout', '/%2561pi/v1/auth/logout', '/api/v1/auth/%6Cogout']) {
      const response = await t.app.inject({ method: 'POST', url, headers: { cookie, 'content-type': 'text/plain' }, payload: 'x' });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } })).statusCode).toBe(200);
    const encoded = await t.app.inject({ method: 'GET', url: '/%61pi/v1/me', headers: { cookie } });
    expect(encoded.statusCode).toBe(200);
    expect(encoded.headers['cache-control']).toBe('no-store');
  });

  it('hides internal errors behind a request id', async () => {
    const cookie = await t.login('user@demo.test');
    await t.db.kysely.schema.dropTable('app_settings').execute();
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/meta', headers: { cookie } });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['message', 'requestId']);
    expect(body.message).toBe('Something went wrong on our side. Please try again.');
    expect(body.requestId).toBe(response.headers['x-request-id']);
    expect(response.body).not.toMatch(/app_settings|select|stack|at /i);
  });

  it('serves the OpenAPI document with every route and the interactive page', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/documentation/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    for (const path of ['/api/v1/auth/login', '/api/v1/me', '/api/v1/meta', '/api/v1/idps/configured', '/api/v1/auth/forgot-password', '/api/v1/auth/reset-password', '/auth/google/logout']) {
      expect(paths).toContain(path);
    }
    const page = await t.app.inject({ method: 'GET', url: '/api/documentation/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });
});
