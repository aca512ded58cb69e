import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../tests/helpers/build';
import type { TestApp } from '../../tests/helpers/build';
import { demoTenant } from '../../tests/helpers/tenants';
import { SettingsRepository } from '../settings/settings.repository';
import { JOB_HOST_NICE } from './job-host-priority';

/** The nice value of each of this process's threads (Linux: field 19 of /proc/self/task/<tid>/stat). */
function threadNiceValues(): number[] {
  return fs.readdirSync('/proc/self/task').map((tid) => {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

const BASE = '/api/v1/dashboard/vorasearch';
const POLICY = '# Security policy\nWe hold a SOC 2 Type II report, renewed every year. MFA is enforced for every employee.\n';

let t: TestApp;

/** Queues a search and waits for its end; its final status. */
async function searchToItsEnd(company: string): Promise<string | undefined> {
  const created = await t.app.inject({ method: 'POST', url: BASE, headers: { cookie: admin }, payload: { AccountName: company, Location: 'France', Documents: [{ Name: 'policy.md', MimeType: 'text/markdown', ContentBase64: Buffer.from(POLICY).toString('base64') }] } });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().id as string;
  let status: string | undefined;
  for (const until = Date.now() + 60_000; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 200))) {
    status = (await t.app.inject({ method: 'GET', url: `${BASE}/${id}`, headers: { cookie: admin } })).json().Status;
    if (status !== 'in_progress') break;
  }
  return status;
}
let admin: string;

beforeAll(async () => {
  t = await build({ env: { JOBS_THREAD: 'true' } });
  const tenant = await demoTenant(t);
  await new SettingsRepository(t.db.kysely).upsert({ scope: tenant.organizationId, title: null, icon: null, logo: null, favicon: null, theme_color: null, deployment_type: null, default_home_route: null, features_json: '{"VoraDashboard":true}', updated_at: Date.now() });
  admin = await t.login(tenant.users.orgAdmin.email);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('JOBS_THREAD: the jobs run in the job host thread', () => {
  // The server's own runner is never started with JOBS_THREAD: without the thread, the search would stay queued.
  it('runs a search the server queued to its end', async () => {
    expect(await searchToItsEnd('Lyon Widgets')).toBe('success');
    // The search's record ends in the job's last write; the job row is marked completed by the host just after it.
    let job = await t.db.kysely.selectFrom('jobs').select(['status']).where('type', '=', 'research-search').executeTakeFirstOrThrow();
    for (const until = Date.now() + 10_000; job.status === 'running' && Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 100))) {
      job = await t.db.kysely.selectFrom('jobs').select(['status']).where('type', '=', 'research-search').executeTakeFirstOrThrow();
    }
    expect(job.status).toBe('completed');
    expect(t.app.services.jobs.runningByType().size).toBe(0);
  }, 90_000);

  it.runIf(fs.existsSync('/proc/thread-self'))('runs them at a lower priority than the server’s requests, with the workers it started', () => {
    const nice = threadNiceValues();
    // The host thread and the detection and page workers it started for the search.
    expect(nice.filter((value) => value >= JOB_HOST_NICE).length).toBeGreaterThanOrEqual(2);
    // This thread, the server's, keeps its own.
    expect(threadNiceValues()[0]).toBeLessThan(JOB_HOST_NICE);
  });

  it('starts the thread again when it ends without being asked to, and the jobs run again', async () => {
    const host = t.app.jobHost!;
    const first = host.thread!;
    // As an uncaught error or running out of memory would end it.
    await first.terminate();
    expect(t.logs.some((line) => line.includes('the job host thread ended: it starts again'))).toBe(true);
    expect(await searchToItsEnd('Nantes Gears')).toBe('success');
    expect(host.restarts).toBe(1);
    expect(host.thread).toBeDefined();
    expect(host.thread).not.toBe(first);
  }, 90_000);
});
