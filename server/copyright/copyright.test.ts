// Protected works through the API and the copyright_checker stage through chat and the gateway: an answer
// reproducing a registered work is matched with its spans; warn shows it with the match, block_response withholds it
// (plain and streamed, chat and gateway, the text never sent); another organization's works never match.
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CopyrightJobStatus } from '../../domain/enums';
import type { CopyrightOutcome, CopyrightStats, ProtectedWork } from '../../domain/schemas/copyright';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';
import { listenForGateway, personalToken } from '../../tests/helpers/gateway';
import type { Tenant } from '../../tests/helpers/tenants';
import { demoTenant, otherTenant } from '../../tests/helpers/tenants';
import { caller, demoModelId, newConversation, sendMessage } from '../chat/chat.fixtures';
import { LifecycleRepository } from '../pipeline/lifecycle.repository';
import { DEMO_LANGUAGE_MODEL_NAME } from '../models/seed';
import { COPYRIGHT_BLOCK_ID, COPYRIGHT_FEATURE_OFF } from './copyright-stage';

const PARAGRAPH =
  'The lighthouse keeper climbed the spiral stairs every evening at dusk, carrying a brass lantern and a notebook ' +
  'in which he recorded the colour of the sea, the direction of the wind and the names of every ship that passed ' +
  'beneath the cliffs on its way to the northern harbour';
const BOOK = `Chapter one.\n\nIt was a cold morning in the valley.\n\n${PARAGRAPH}.\n\nThe next day the storm arrived.`;
const THEIRS =
  'Our quarterly revenue grew in every region except the south, where a late harvest delayed the shipments of grain ' +
  'to the coastal mills and the board decided to postpone the opening of two new warehouses until the spring';

describe('copyright check of answers', () => {
  let t: TestApp;
  let demo: Tenant;
  let other: Tenant;
  let admin: string;
  let user: string;
  let otherAdmin: string;
  let modelId: number;
  let workId: string;
  const call = (...args: Parameters<ReturnType<typeof caller>>) => caller(t)(...args);
  const lifecycle = () => new LifecycleRepository(t.db.kysely);
  const setAction = async (Action: string, LicenceCheck = true) => {
    const response = await call(admin, 'PUT', '/api/v1/copyright-settings', { Action, LicenceCheck, MinMatchTokens: 20 });
    expect(response.statusCode, response.body).toBe(200);
  };
  const ask = async (content: string) => {
    const cid = await newConversation(t, user);
    return sendMessage(t, user, cid, { MessageType: 'PROMPT_LLM', Content: content, LanguageModelId: modelId });
  };
  const copyrightStage = async (promptId: string) => (await lifecycle().find(promptId))!.Stages.find((stage) => stage.Service === 'copyright_checker')!;

  beforeAll(async () => {
    t = await build({ env: { JOBS: 'false' } });
    demo = await demoTenant(t);
    other = await otherTenant(t);
    admin = await t.login(demo.users.orgAdmin.email);
    user = await t.login(demo.users.user.email);
    otherAdmin = await t.login(other.users.orgAdmin.email);
    modelId = await demoModelId(t, demo.organizationId);
    const created = await call(admin, 'POST', '/api/v1/protected-works', { Name: 'The Keeper (novel)', Description: 'Our book', Text: BOOK });
    expect(created.statusCode, created.body).toBe(200);
    workId = created.json<ProtectedWork>().id;
    const theirs = await call(otherAdmin, 'POST', '/api/v1/protected-works', { Name: 'Their report', ContentBase64: Buffer.from(THEIRS).toString('base64'), MimeType: 'text/plain' });
    expect(theirs.statusCode, theirs.body).toBe(200);
  });
  afterAll(() => t.close());

  it('registers a work from text or a file, indexed at once, and refuses bad input per field', async () => {
    const work = (await call(admin, 'GET', `/api/v1/protected-works/${workId}`)).json<ProtectedWork>();
    expect(work).toMatchObject({ Name: 'The Keeper (novel)', Description: 'Our book', Status: CopyrightJobStatus.Complete, Characters: BOOK.length, MatchCount: 0 });
    expect(work.Fingerprints).toBeGreaterThan(5);
    const file = await call(admin, 'POST', '/api/v1/protected-works', { Name: 'Manual.html', MimeType: 'text/html', ContentBase64: Buffer.from('<h1>Manual</h1><p>Turn the valve twice before you open the tank.</p>').toString('base64') });
    expect(file.json()).toMatchObject({ MimeType: 'text/html', Status: CopyrightJobStatus.Complete, JobId: null });
    const duplicate = await call(admin, 'POST', '/api/v1/protected-works', { Name: 'the keeper (NOVEL)', Text: 'x y z' });
    expect(duplicate.statusCode).toBe(409);
    const empty = await call(admin, 'POST', '/api/v1/protected-works', { Name: 'Nothing' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toHaveProperty('Text');
    const list = await call(admin, 'GET', '/api/v1/protected-works?range=[0,9]');
    expect(list.headers['content-range']).toBe('protected-works 0-1/2');
    expect(list.json<ProtectedWork[]>().map((row) => row.Name)).toEqual(['Manual.html', 'The Keeper (novel)']);
    await call(admin, 'DELETE', `/api/v1/protected-works/${file.json<ProtectedWork>().id}`);
  });

  it('indexes a large work with a job: Queued, then Complete, then it matches', async () => {
    const filler = Array.from({ length: 40_000 }, (_, index) => `word${index % 997} term${index % 83}`).join(' ');
    const marker = 'Seventeen orange kites drifted above the quiet market square while the baker counted his loaves and the children sang an old song about rain';
    const created = await call(admin, 'POST', '/api/v1/protected-works', { Name: 'Large work', Text: `${filler} ${marker}.` });
    expect(created.json()).toMatchObject({ Status: CopyrightJobStatus.Queued });
    expect(created.json().JobId).toBeTruthy();
    await t.app.services.jobs.drain();
    const done = (await call(admin, 'GET', `/api/v1/protected-works/${created.json().id}`)).json<ProtectedWork>();
    expect(done.Status).toBe(CopyrightJobStatus.Complete);
    expect(done.Fingerprints).toBeGreaterThan(1000);
    await setAction('warn_user');
    const sent = await ask(marker);
    const detail = (await copyrightStage(sent.message.id)).Detail as CopyrightOutcome;
    expect(detail.Matches.map((match) => match.SourceName)).toEqual(['Large work']);
    const deleted = await call(admin, 'DELETE', `/api/v1/protected-works/${created.json().id}`);
    expect(deleted.json().Status).toBe(CopyrightJobStatus.Deleted);
    const after = await ask(marker);
    expect(((await copyrightStage(after.message.id)).Detail as CopyrightOutcome).Matches).toEqual([]);
  });

  it('warn_user: the answer is shown with the match; the lifecycle names the work and the spans; counts follow', async () => {
    await setAction('warn_user');
    const sent = await ask(PARAGRAPH.toUpperCase().replace(/ /g, '  '));
    expect(sent.message.Status).toBe('success');
    expect(sent.streamed).toContain('SPIRAL  STAIRS');
    expect(sent.message.VerificationWarning).toContain('Copyright: this answer reproduces "The Keeper (novel)"');
    const stage = await copyrightStage(sent.message.id);
    expect(stage.CycleStatus).toBe(1);
    const detail = stage.Detail as CopyrightOutcome;
    expect(detail.Matches).toHaveLength(1);
    const [match] = detail.Matches;
    expect(match).toMatchObject({ Kind: 'work', WorkId: workId, SourceName: 'The Keeper (novel)' });
    expect(BOOK.slice(match!.SourceStart!, match!.SourceEnd!)).toBe(PARAGRAPH);
    expect(sent.message.Answer!.slice(match!.AnswerStart, match!.AnswerEnd)).toBe(PARAGRAPH.toUpperCase().replace(/ /g, '  '));
    expect(match!.Coverage).toBeGreaterThan(0.7);
    const work = (await call(admin, 'GET', `/api/v1/protected-works/${workId}`)).json<ProtectedWork>();
    expect(work.MatchCount).toBeGreaterThanOrEqual(1);
    const stats = (await call(admin, 'GET', '/api/v1/copyright/stats')).json<CopyrightStats>();
    expect(stats.Matches).toBeGreaterThanOrEqual(1);
    expect(stats.BySource.find((row) => row.WorkId === workId)?.Matches).toBeGreaterThanOrEqual(1);
  });

  it('a paraphrase is not a match', async () => {
    await setAction('block_response');
    const sent = await ask('Each night the man who kept the light went up the winding steps with a lamp and a small book, noting how the sea looked and which boats sailed toward the port.');
    expect(sent.message.BlockedMessage).toBeNull();
    expect(((await copyrightStage(sent.message.id)).Detail as CopyrightOutcome).Matches).toEqual([]);
  });

  it('block_response: withheld in chat (streamed, nothing sent), recorded as blocked and listed in critical events', async () => {
    await setAction('block_response');
    const sent = await ask(`Please repeat: ${PARAGRAPH}`);
    expect(sent.events.map((event) => event.type)).toEqual(['prompt', 'done']);
    expect(sent.streamed).toBe('');
    expect(sent.message.Answer ?? '').toBe('');
    expect(sent.message.BlockedMessage).toContain('withheld by the copyright check');
    // The prompt event repeats the user's own message; no answer text is ever sent.
    expect(sent.events.filter((event) => event.type !== 'prompt').map((event) => JSON.stringify(event)).join('')).not.toContain('I received');
    const record = (await lifecycle().find(sent.message.id))!;
    expect(record.Blocked).toMatchObject({ PolicyId: COPYRIGHT_BLOCK_ID, PolicyName: 'Copyright check' });
    const stage = record.Stages.find((item) => item.Service === 'copyright_checker')!;
    expect(stage.Reason).toContain('withheld');
    const events = await call(admin, 'GET', `/api/v1/observability/critical-events?filter=${encodeURIComponent(JSON.stringify({ Kind: 'blocked' }))}`);
    expect(events.statusCode, events.body).toBe(200);
    expect(events.body).toContain(sent.message.id);
    const stats = (await call(admin, 'GET', '/api/v1/copyright/stats')).json<CopyrightStats>();
    expect(stats.Withheld).toBeGreaterThanOrEqual(1);
  });

  it('block_response through the gateway: 403 blocked_by_copyright, plain and streamed, the text never sent', async () => {
    await setAction('block_response');
    const apiKey = await personalToken(t, demo.users.user.email);
    const baseURL = await listenForGateway(t);
    const client = new OpenAI({ baseURL, apiKey, maxRetries: 0 });
    for (const stream of [false, true]) {
      const error = await client.chat.completions.create({ model: DEMO_LANGUAGE_MODEL_NAME, stream, messages: [{ role: 'user', content: PARAGRAPH }] }).then(() => null, (caught: unknown) => caught);
      expect(error).toBeInstanceOf(OpenAI.PermissionDeniedError);
      expect((error as InstanceType<typeof OpenAI.APIError>).code).toBe('blocked_by_copyright');
    }
    const raw = await fetch(`${baseURL}/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify({ model: DEMO_LANGUAGE_MODEL_NAME, stream: true, messages: [{ role: 'user', content: PARAGRAPH }] }) });
    expect(raw.status).toBe(403);
    expect(await raw.text()).not.toContain('spiral stairs');
    // An answer without a match still streams whole once checked.
    const ok = await client.chat.completions.create({ model: DEMO_LANGUAGE_MODEL_NAME, stream: true, messages: [{ role: 'user', content: 'What is two plus two?' }] });
    let text = '';
    for await (const chunk of ok) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toContain('What is two plus two?');
  });

  it('flags an answer carrying a GPL header with its licence; licence checking off does not', async () => {
    await setAction('warn_user', true);
    const header =
      'This program is free software: you can redistribute it and/or modify it under the terms of the GNU General Public License as published by the Free Software Foundation, either version 3 of the License, or (at your option) any later version.';
    const sent = await ask(`/*\n * ${header}\n */\nint main(void) { return 0; }`);
    expect(sent.message.VerificationWarning).toContain('GPL-3.0-or-later');
    const detail = (await copyrightStage(sent.message.id)).Detail as CopyrightOutcome;
    expect(detail.Matches.find((match) => match.Kind === 'licence')).toMatchObject({ LicenceId: 'GPL-3.0-or-later' });
    await setAction('warn_user', false);
    const off = await ask(`/*\n * ${header}\n */`);
    expect(off.message.VerificationWarning).toBeNull();
  });

  it("never matches another organization's works", async () => {
    await setAction('block_response');
    const sent = await ask(THEIRS);
    expect(sent.message.BlockedMessage).toBeNull();
    expect(sent.streamed).toContain('quarterly revenue');
    const detail = (await copyrightStage(sent.message.id)).Detail as CopyrightOutcome;
    expect(detail.Matches).toEqual([]);
    expect(detail.WorksChecked).toBe(1);
    // Their list does not show ours, nor ours theirs.
    const theirs = (await call(otherAdmin, 'GET', '/api/v1/protected-works')).json<ProtectedWork[]>();
    expect(theirs.map((row) => row.Name)).toEqual(['Their report']);
    expect((await call(otherAdmin, 'GET', `/api/v1/protected-works/${workId}`)).statusCode).toBe(404);
  });

  it('the CopyrightCheck feature flag off skips the stage', async () => {
    await setAction('block_response');
    const settings = (await call(admin, 'GET', '/api/v1/settings')).json<Record<string, unknown> & { Features: Record<string, boolean> }>();
    const { id: _id, DeploymentType: _deployment, DefaultRequestsPerMinute: _rpm, ...input } = settings;
    const saved = await call(admin, 'PUT', '/api/v1/settings', { ...input, Features: { ...settings.Features, CopyrightCheck: false } });
    expect(saved.statusCode, saved.body).toBe(200);
    const sent = await ask(PARAGRAPH);
    expect(sent.message.BlockedMessage).toBeNull();
    expect(sent.streamed).toContain('spiral stairs');
    const stage = await copyrightStage(sent.message.id);
    expect([stage.CycleStatus, stage.Reason]).toEqual([3, COPYRIGHT_FEATURE_OFF]);
    await call(admin, 'PUT', '/api/v1/settings', { ...input, Features: { ...settings.Features, CopyrightCheck: true } });
  });
});
