// The external copyright service (a fake on 127.0.0.1) and long answers checked by the copyright-check job:
// the service's matches merged with the local ones, its key never returned or logged, a failing or slow service
// recorded (status ERROR) without holding the answer back, refused addresses, and the §4 match statuses of a
// deferred check (CREATED → PROCESSING → COMPLETED / ERROR) surviving a restart's recovery.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CopyrightMatchStatus, PromptCycleStatus } from '../../domain/enums';
import type { CopyrightOutcome, CopyrightSettings } from '../../domain/schemas/copyright';
import { COPYRIGHT_INLINE_CHECK_CHARS } from '../../domain/schemas/copyright';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';
import type { Tenant } from '../../tests/helpers/tenants';
import { demoTenant, otherTenant } from '../../tests/helpers/tenants';
import { caller, demoModelId, newConversation, sendMessage } from '../chat/chat.fixtures';
import { LifecycleRepository } from '../pipeline/lifecycle.repository';
import { COPYRIGHT_CHECK_JOB, copyrightCheckJob } from './copyright-check-job';
import { COPYRIGHT_BLOCK_ID } from './copyright-stage';
import { CopyrightService } from './copyright.service';

const KEY = 'sk-copyright-service-secret-4711';
const PARAGRAPH =
  'Under the old bridge the river turned green in spring, and the ferryman told every traveller the same story about ' +
  'a drowned bell that still rang on winter nights when the ice cracked along the eastern bank of the valley';
const QUOTED = 'Twinkle twinkle little star';

describe('external copyright service and deferred checks', () => {
  let t: TestApp;
  let demo: Tenant;
  let admin: string;
  let user: string;
  let otherAdmin: string;
  let modelId: number;
  let base = '';
  const requests: { path: string; authorization: string | undefined; body: { apiVersion?: string; answer?: string } }[] = [];
  const slow = new Set<http.ServerResponse>();
  let server: http.Server;
  const call = (...args: Parameters<ReturnType<typeof caller>>) => caller(t)(...args);
  const lifecycle = () => new LifecycleRepository(t.db.kysely);
  const settings = async (cookie: string, input: Record<string, unknown>) => call(cookie, 'PUT', '/api/v1/copyright-settings', { Action: 'warn_user', LicenceCheck: true, MinMatchTokens: 20, ...input });
  const ask = async (content: string) => sendMessage(t, user, await newConversation(t, user), { MessageType: 'PROMPT_LLM', Content: content, LanguageModelId: modelId });
  const stageOf = async (promptId: string) => (await lifecycle().find(promptId))!.Stages.find((stage) => stage.Service === 'copyright_checker')!;
  const checkOf = (promptId: string) => t.db.kysely.selectFrom('copyright_checks').selectAll().where('prompt_id', '=', promptId).executeTakeFirst();

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        const body = JSON.parse(raw || '{}') as { apiVersion?: string; answer?: string };
        requests.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
        const answer = body.answer ?? '';
        if (request.url === '/slow') {
          slow.add(response);
          return;
        }
        if (request.url === '/error') {
          response.writeHead(500).end('boom');
          return;
        }
        if (request.url === '/garbage') {
          response.writeHead(200, { 'content-type': 'application/json' }).end('{"found": true}');
          return;
        }
        const at = answer.indexOf(QUOTED);
        const matches = at >= 0 ? [{ start: at, end: at + QUOTED.length, source: 'Nursery rhymes (Jane Taylor)', licence: 'public-domain', share: 0.05 }] : [];
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ matches }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await build({ env: { JOBS: 'false' } });
    demo = await demoTenant(t);
    const other = await otherTenant(t);
    admin = await t.login(demo.users.orgAdmin.email);
    user = await t.login(demo.users.user.email);
    otherAdmin = await t.login(other.users.orgAdmin.email);
    modelId = await demoModelId(t, demo.organizationId);
    const work = await call(admin, 'POST', '/api/v1/protected-works', { Name: 'The Ferryman', Text: `Chapter two.\n\n${PARAGRAPH}.\n\nThe end.` });
    expect(work.statusCode, work.body).toBe(200);
  });
  afterAll(async () => {
    for (const response of slow) response.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await t.close();
  });

  it('stores the service with its key encrypted and write-only; Test calls it with the key; refused hosts are 400', async () => {
    const saved = await settings(admin, { ServiceUrl: `${base}/check`, ServiceApiKey: KEY });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<CopyrightSettings>()).toMatchObject({ ServiceUrl: `${base}/check`, ServiceApiKeySet: true });
    expect(saved.body).not.toContain(KEY);
    const read = await call(admin, 'GET', '/api/v1/copyright-settings');
    expect(read.body).not.toContain(KEY);
    const stored = await t.db.kysely.selectFrom('copyright_settings').select('service_key_enc').where('organization_id', '=', demo.organizationId).executeTakeFirstOrThrow();
    expect(stored.service_key_enc).toBeTruthy();
    expect(stored.service_key_enc).not.toContain(KEY);
    const audit = await t.db.kysely.selectFrom('audit_log').selectAll().where('resource', '=', 'copyright-settings').execute();
    expect(JSON.stringify(audit)).not.toContain(KEY);

    requests.length = 0;
    const test = await call(admin, 'POST', '/api/v1/copyright-settings/test');
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json()).toMatchObject({ Ok: true, Matches: 0 });
    expect(requests).toEqual([expect.objectContaining({ path: '/check', authorization: `Bearer ${KEY}`, body: expect.objectContaining({ apiVersion: 'v1' }) })]);
    expect(test.body).not.toContain(KEY);

    // Keeping the key: an empty key with the same URL. A new URL without a key forgets it (the key never follows).
    expect((await settings(admin, { ServiceUrl: `${base}/check` })).json<CopyrightSettings>().ServiceApiKeySet).toBe(true);
    expect((await settings(admin, { ServiceUrl: `${base}/error` })).json<CopyrightSettings>().ServiceApiKeySet).toBe(false);
    const failing = await call(admin, 'POST', '/api/v1/copyright-settings/test');
    expect(failing.json()).toMatchObject({ Ok: false, Message: 'The copyright service answered HTTP 500.' });

    const metadata = await settings(admin, { ServiceUrl: 'http://169.254.169.254/latest' });
    expect(metadata.statusCode).toBe(400);
    expect(metadata.json().errors).toHaveProperty('ServiceUrl');
    const bad = await settings(admin, { ServiceUrl: 'ftp://example.com/x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.ServiceUrl).toContain('http(s) URL');
    // Another organization's settings are its own.
    expect((await call(otherAdmin, 'GET', '/api/v1/copyright-settings')).json<CopyrightSettings>()).toMatchObject({ ServiceUrl: null, ServiceApiKeySet: false });
    expect((await call(user, 'GET', '/api/v1/copyright-settings')).statusCode).toBe(403);
    expect((await call(user, 'POST', '/api/v1/copyright-settings/test')).statusCode).toBe(403);
  });

  it('block_response: the service is asked before delivery and its match is merged with the local one and withholds', async () => {
    expect((await settings(admin, { Action: 'block_response', ServiceUrl: `${base}/check`, ServiceApiKey: KEY })).statusCode).toBe(200);
    requests.length = 0;
    const sent = await ask(`${QUOTED}, how I wonder. ${PARAGRAPH}`);
    expect(sent.streamed).toBe('');
    expect(sent.message.BlockedMessage).toContain('withheld by the copyright check');
    expect(requests).toHaveLength(1);
    expect(requests[0]!.authorization).toBe(`Bearer ${KEY}`);
    const record = (await lifecycle().find(sent.message.id))!;
    expect(record.Status).toBe('success');
    expect(record.Blocked).toMatchObject({ PolicyId: COPYRIGHT_BLOCK_ID });
    const stage = record.Stages.find((item) => item.Service === 'copyright_checker')!;
    const detail = stage.Detail as CopyrightOutcome;
    expect(detail).toMatchObject({ Status: CopyrightMatchStatus.COMPLETED, Deferred: false, ServiceChecked: true, ServiceError: null });
    expect(detail.Matches.map((match) => [match.Kind, match.SourceName])).toEqual([
      ['external', 'Nursery rhymes (Jane Taylor)'],
      ['work', 'The Ferryman'],
    ]);
    const external = detail.Matches[0]!;
    // The spans are the model's answer's (withheld: never sent), as the llm stage recorded it.
    const answer = (record.Stages.find((item) => item.Service === 'llm')!.Detail as { Answer: string }).Answer;
    expect(answer.slice(external.AnswerStart, external.AnswerEnd)).toBe(QUOTED);
    expect(JSON.stringify(record)).not.toContain(KEY);
    const kept = await t.db.kysely.selectFrom('copyright_matches').select(['kind', 'withheld']).where('prompt_id', '=', sent.message.id).orderBy('answer_start').execute();
    expect(kept).toEqual([{ kind: 'external', withheld: 1 }, { kind: 'work', withheld: 1 }]);
  });

  it('block_response with a failing service: the local check still decides, the failure is recorded as ERROR', async () => {
    expect((await settings(admin, { Action: 'block_response', ServiceUrl: `${base}/garbage` })).statusCode).toBe(200);
    const clean = await ask('What is the capital of France?');
    expect(clean.message.BlockedMessage).toBeNull();
    expect(clean.streamed).toContain('capital of France');
    const stage = await stageOf(clean.message.id);
    expect(stage.CycleStatus).toBe(PromptCycleStatus.FAILED);
    expect(stage.Reason).toContain('the external copyright service failed: The copyright service answered something other than');
    expect(stage.Detail).toMatchObject({ Status: CopyrightMatchStatus.ERROR, ServiceChecked: true });
    const copied = await ask(PARAGRAPH);
    expect(copied.message.BlockedMessage).toContain('The Ferryman');
  });

  it('warn_user with a service: the answer is delivered at once and checked by the job, CREATED → COMPLETED', async () => {
    expect((await settings(admin, { Action: 'warn_user', ServiceUrl: `${base}/check`, ServiceApiKey: KEY })).statusCode).toBe(200);
    requests.length = 0;
    const sent = await ask(`${QUOTED}! ${PARAGRAPH}`);
    expect(sent.message.Status).toBe('success');
    expect(sent.streamed).toContain(QUOTED);
    expect(requests).toHaveLength(0);
    const waiting = (await lifecycle().find(sent.message.id))!;
    expect(waiting.Status).toBe('in_progress');
    const pending = waiting.Stages.find((stage) => stage.Service === 'copyright_checker')!;
    expect(pending).toMatchObject({ CycleStatus: PromptCycleStatus.WAITING, ServiceStatus: 'in_progress' });
    expect(pending.Detail).toMatchObject({ Status: CopyrightMatchStatus.CREATED, Deferred: true });
    expect(waiting.Stages.find((stage) => stage.Service === 'llm')!.CycleStatus).toBe(PromptCycleStatus.SUCCESS);
    expect((await checkOf(sent.message.id))!.status).toBe(CopyrightMatchStatus.CREATED);
    // A restart's recovery leaves the prompt to its job.
    await lifecycle().failInterrupted();
    expect((await lifecycle().find(sent.message.id))!.Status).toBe('in_progress');

    await t.app.services.jobs.drain();
    expect(requests).toHaveLength(1);
    const done = (await lifecycle().find(sent.message.id))!;
    expect(done.Status).toBe('success');
    expect(done.Blocked).toBeNull();
    const stage = done.Stages.find((item) => item.Service === 'copyright_checker')!;
    expect(stage.CycleStatus).toBe(PromptCycleStatus.SUCCESS);
    expect(stage.Reason).toContain('checked after the answer was delivered');
    const detail = stage.Detail as CopyrightOutcome;
    expect(detail).toMatchObject({ Status: CopyrightMatchStatus.COMPLETED, Deferred: true, ServiceChecked: true });
    expect(detail.Matches.map((match) => match.Kind)).toEqual(['external', 'work']);
    const check = (await checkOf(sent.message.id))!;
    expect(check).toMatchObject({ status: CopyrightMatchStatus.COMPLETED, answer_text: null, outcome_json: null });
    const job = await t.db.kysely.selectFrom('jobs').select(['type', 'status']).where('id', '=', check.job_id!).executeTakeFirstOrThrow();
    expect(job).toEqual({ type: COPYRIGHT_CHECK_JOB, status: 'completed' });
    expect(await t.db.kysely.selectFrom('copyright_matches').select('kind').where('prompt_id', '=', sent.message.id).execute()).toHaveLength(2);
    // The finished prompt's metrics fact counts its matches.
    const fact = await t.db.kysely.selectFrom('metrics_facts').select('copyright_matches').where('prompt_id', '=', sent.message.id).executeTakeFirstOrThrow();
    expect(fact.copyright_matches).toBe(2);
  });

  it('a slow service times out: the check ends in ERROR with the reason, the delivered answer is not affected', async () => {
    expect((await settings(admin, { Action: 'show_response', ServiceUrl: `${base}/slow` })).statusCode).toBe(200);
    const startedAt = Date.now();
    const sent = await ask(PARAGRAPH);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    expect(sent.streamed).toContain('ferryman');
    const check = (await checkOf(sent.message.id))!;
    // The job, run by a service with a 300 ms limit (the app's is 10 s).
    const quick = new CopyrightService(t.db.kysely, t.app.services.jobs, '1.0.0', t.app.services.secrets, t.app.services.outbound, { serviceTimeoutMs: 300 });
    const job = await t.db.kysely.selectFrom('jobs').selectAll().where('id', '=', check.job_id!).executeTakeFirstOrThrow();
    const seen: number[] = [];
    await copyrightCheckJob(() => quick).run({ job, payload: JSON.parse(job.payload_json), db: t.db.kysely, log: t.app.log, signal: new AbortController().signal, giveWay: async () => undefined, progress: async (percent) => void seen.push(percent) });
    expect(seen).toEqual([10, 90]);
    const record = (await lifecycle().find(sent.message.id))!;
    expect(record.Status).toBe('success');
    const stage = record.Stages.find((item) => item.Service === 'copyright_checker')!;
    expect(stage.CycleStatus).toBe(PromptCycleStatus.FAILED);
    expect(stage.Reason).toContain('The copyright service did not answer within 0.3 s.');
    const detail = stage.Detail as CopyrightOutcome;
    expect(detail.Status).toBe(CopyrightMatchStatus.ERROR);
    // The local match stands.
    expect(detail.Matches.map((match) => match.SourceName)).toEqual(['The Ferryman']);
    expect(await checkOf(sent.message.id)).toMatchObject({ status: CopyrightMatchStatus.ERROR, error: 'The copyright service did not answer within 0.3 s.' });
    // The queued job finds the check done.
    await t.app.services.jobs.drain();
    expect((await checkOf(sent.message.id))!.status).toBe(CopyrightMatchStatus.ERROR);
  });

  it(`without a service: answers up to ${COPYRIGHT_INLINE_CHECK_CHARS} characters are checked inline, longer ones by the job`, async () => {
    expect((await settings(admin, { Action: 'warn_user', ServiceUrl: null, ClearServiceApiKey: true })).statusCode).toBe(200);
    const short = await ask(PARAGRAPH);
    expect(short.message.VerificationWarning).toContain('The Ferryman');
    expect(await checkOf(short.message.id)).toBeUndefined();
    expect((await stageOf(short.message.id)).Detail).toMatchObject({ Status: CopyrightMatchStatus.COMPLETED, Deferred: false });

    const filler = Array.from({ length: 260 }, (_, index) => `On day ${index + 1} the harbour log noted calm water and a light wind.`).join(' ');
    const long = await ask(`${filler} ${PARAGRAPH}`);
    expect(long.message.Answer!.length).toBeGreaterThan(COPYRIGHT_INLINE_CHECK_CHARS);
    expect(long.message.VerificationWarning).toBeNull();
    expect((await checkOf(long.message.id))!.status).toBe(CopyrightMatchStatus.CREATED);
    await t.app.services.jobs.drain();
    expect((await checkOf(long.message.id))!.status).toBe(CopyrightMatchStatus.COMPLETED);
    const stage = await stageOf(long.message.id);
    expect(stage.Detail).toMatchObject({ Status: CopyrightMatchStatus.COMPLETED, Deferred: true, ServiceChecked: false });
    expect((stage.Detail as CopyrightOutcome).Matches.map((match) => match.SourceName)).toEqual(['The Ferryman']);

    // block_response never defers: a long answer is checked before delivery.
    expect((await settings(admin, { Action: 'block_response' })).statusCode).toBe(200);
    const held = await ask(`${filler} ${PARAGRAPH}`);
    expect(held.message.BlockedMessage).toContain('The Ferryman');
    expect(held.streamed).toBe('');
    expect(await checkOf(held.message.id)).toBeUndefined();
  });

  it('the key is never written to the logs', () => {
    expect(t.logs.join('\n')).not.toContain(KEY);
  });
});

describe('external copyright service without an allow-list entry', () => {
  it('refuses a loopback URL when 127.0.0.1 is not allowed', async () => {
    const t = await build({ env: { JOBS: 'false', OUTBOUND_ALLOW_HOSTS: '' } });
    try {
      const demo = await demoTenant(t);
      const admin = await t.login(demo.users.orgAdmin.email);
      const response = await caller(t)(admin, 'PUT', '/api/v1/copyright-settings', { Action: 'warn_user', LicenceCheck: true, MinMatchTokens: 20, ServiceUrl: 'http://127.0.0.1:9/check' });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.ServiceUrl).toMatch(/127\.0\.0\.1/);
    } finally {
      await t.close();
    }
  });
});
