// `npm run redteam`: the CLI against a listening console with an admin-scope access token; exit code by threshold.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRedTeamCli } from '../../scripts/redteam';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';
import { demoTenant } from '../../tests/helpers/tenants';

describe('npm run redteam', () => {
  let t: TestApp;
  let url: string;
  let token: string;
  const sleep = () => new Promise((resolve) => setTimeout(resolve, 50));

  beforeAll(async () => {
    t = await build();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const cookie = await t.login((await demoTenant(t)).users.orgAdmin.email);
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/tokens', headers: { cookie }, payload: { Name: 'ci', ExpiryDays: 7, Scopes: ['admin'] } });
    token = created.json<{ Secret: string }>().Secret;
  });
  afterAll(() => t.close());

  const run = (...args: string[]) => runRedTeamCli(['--url', url, '--token', token, '--target', 'Offline demo model', ...args], {}, fetch, sleep);

  it('passes when every attack is stopped, fails above the threshold, and prints the job and results', async () => {
    const stopped = await run('--categories', 'prompt_injection', '--strategies', 'plain', '--attempts', '2', '--fail-above', '0');
    expect(stopped.exitCode).toBe(0);
    expect(stopped.output).toMatchObject({ passed: true, successRate: 0, job: { Status: 'completed', TotalAttempts: 2 }, results: { Categories: [{ Category: 'prompt_injection', Blocked: 2 }] } });

    const leaking = await run('--categories', 'sensitive_data_disclosure', '--strategies', 'plain', '--attempts', '1', '--fail-above', '0.05');
    expect(leaking.exitCode).toBe(1);
    expect(leaking.output).toMatchObject({ passed: false, successRate: 1, failAbove: 0.05 });
  });

  it('answers 2 with a message for a bad target or token', async () => {
    expect((await run('--target', 'No such model')).exitCode).toBe(2);
    const badToken = await runRedTeamCli(['--url', url, '--token', 'gck_wrong', '--target', 'Offline demo model'], {}, fetch, sleep);
    expect(badToken.exitCode).toBe(2);
    expect(JSON.stringify(badToken.output)).toContain('401');
  });
});
