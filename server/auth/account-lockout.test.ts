// Failed sign-ins from many addresses against one account lock its password sign-in for a while, except from a
// browser that signed in to it before; the lock runs out by itself and a password reset ends it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../tests/helpers/build';
import { build, TEST_PASSWORD } from '../../tests/helpers/build';
import { LOGIN_LIMITS } from './auth.service';
import { DEVICE_COOKIE } from './known-device';

describe('account-wide sign-in lockout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ env: { PUBLIC_URL: 'https://console.example.test' } });
  });
  afterAll(() => t.close());

  const attempt = (email: string, password: string, remoteAddress: string, cookie?: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress, headers: cookie ? { cookie } : {}, payload: { Email: email, Password: password } });
  const deviceCookieOf = (response: Awaited<ReturnType<typeof attempt>>) => {
    const device = response.cookies.find((cookie) => cookie.name === DEVICE_COOKIE);
    if (!device) throw new Error('no device cookie');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/auth/login' });
    return `${DEVICE_COOKIE}=${device.value}`;
  };
  const failFromManyAddresses = async (email: string, prefix: string) => {
    for (let i = 0; i < LOGIN_LIMITS.perAccount.limit; i++) {
      expect((await attempt(email, `wrong-${i}`, `${prefix}.${i + 1}`)).statusCode).toBe(401);
    }
  };

  it('locks the account after failures spread over many addresses, but not the browser its owner used before', async () => {
    const ownersBrowser = deviceCookieOf(await attempt('user@demo.test', TEST_PASSWORD, '192.0.2.10'));
    const otherAccountsBrowser = deviceCookieOf(await attempt('org-admin@demo.test', TEST_PASSWORD, '192.0.2.11'));

    await failFromManyAddresses('user@demo.test', '198.51.100');
    const locked = await attempt('user@demo.test', TEST_PASSWORD, '203.0.113.5');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^This account is locked for now after too many failed sign-ins\. Try again in 1[45] minutes/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);

    expect((await attempt('user@demo.test', TEST_PASSWORD, '203.0.113.6', ownersBrowser)).statusCode).toBe(200);
    expect((await attempt('user@demo.test', 'still-wrong', '203.0.113.6', ownersBrowser)).statusCode).toBe(401);
    expect((await attempt('user@demo.test', TEST_PASSWORD, '203.0.113.7', otherAccountsBrowser)).statusCode).toBe(429);
    expect((await attempt('user@demo.test', TEST_PASSWORD, '203.0.113.8', `${DEVICE_COOKIE}=v1:forged:forged:forged`)).statusCode).toBe(429);
    // Other accounts are untouched.
    expect((await attempt('customer-admin@demo.test', TEST_PASSWORD, '203.0.113.9')).statusCode).toBe(200);
  });

  it('answers the same for an unknown address, so the lock does not tell which accounts exist', async () => {
    await failFromManyAddresses('nobody@demo.test', '198.51.101');
    const locked = await attempt('nobody@demo.test', 'anything', '203.0.113.20');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^This account is locked for now/);
  });

  it('ends the lock when the owner sets a new password through the emailed link', async () => {
    await failFromManyAddresses('product-admin@demo.test', '198.51.102');
    expect((await attempt('product-admin@demo.test', TEST_PASSWORD, '203.0.113.30')).statusCode).toBe(429);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { Email: 'product-admin@demo.test' } });
    const line = [...t.logs].reverse().find((entry) => entry.includes('password link for product-admin@demo.test'))!;
    const token = decodeURIComponent(new URL(/(http\S+?token=[\w%-]+)/.exec(line)![1]!).searchParams.get('token')!);
    const reset = await t.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password', payload: { Token: token, Password: 'a-brand-new-pass' } });
    expect(reset.statusCode).toBe(200);
    expect((await attempt('product-admin@demo.test', 'a-brand-new-pass', '203.0.113.31')).statusCode).toBe(200);
  });

  it('runs out by itself once the window has passed', async () => {
    expect((await attempt('nobody@demo.test', 'anything', '203.0.113.40')).statusCode).toBe(429);
    await t.db.kysely.updateTable('rate_limits').set({ window_start: Date.now() - LOGIN_LIMITS.perAccount.windowMs - 1000 }).execute();
    expect((await attempt('nobody@demo.test', 'anything', '203.0.113.41')).statusCode).toBe(401);
  });
});
