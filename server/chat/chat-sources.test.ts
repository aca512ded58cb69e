// SEARCH_RAG and PROMPT_COPILOT through the chat: cited sources, the cited-source endpoint, child chats, copilots.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatCopilot, CitedSource, Conversation } from '../../domain/schemas/chat';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';
import type { Tenant } from '../../tests/helpers/tenants';
import { demoTenant } from '../../tests/helpers/tenants';
import { base64 } from '../data-sources/data-sources.fixtures';
import { LifecycleRepository } from '../pipeline/lifecycle.repository';
import { caller, demoModelId, newConversation, sendMessage } from './chat.fixtures';

const HANDBOOK = [
  'Welcome to the company handbook. This document explains how we work together, where to find help and which rules apply to everyone in the office and at home. Read it once when you join, and again whenever a colleague points you to a section, because the rules change from time to time and the handbook is always the current version of them.',
  'Office hours are from nine to five on weekdays. The reception desk is staffed during office hours and visitors must sign in there before they enter the building. Meeting rooms are booked through the shared calendar, and a room that nobody has claimed ten minutes after the start of a booking may be taken by anyone who needs it.',
  'Travel expenses above 500 euros need approval from the finance director before booking. Keep every receipt and submit the expense report within thirty days of the trip. Trains are preferred to flights for journeys under five hours, and economy class is the rule unless a medical certificate says otherwise for the traveller.',
  'Holidays are requested through the staff portal at least two weeks ahead. Team leads approve holiday requests and make sure that every project keeps enough people on duty. Unused holidays carry over to the first quarter of the next year, after which they lapse unless the team lead agreed to a later date in writing.',
].join('\n\n');

describe('chat sources and copilots', () => {
  let t: TestApp;
  let demo: Tenant;
  let user: string;
  let admin: string;
  let modelId: number;
  let copilotId: string;
  const call = (...args: Parameters<ReturnType<typeof caller>>) => caller(t)(...args);

  beforeAll(async () => {
    t = await build({ env: { JOBS: 'false' } });
    demo = await demoTenant(t);
    user = await t.login(demo.users.user.email);
    admin = await t.login(demo.users.orgAdmin.email);
    modelId = await demoModelId(t, demo.organizationId);
    const source = (await call(admin, 'POST', '/api/v1/cdr', { Name: 'Handbook', AppId: 0, Rag: { ChunkSize: 1 } })).json<{ id: string }>();
    const uploaded = await call(admin, 'POST', `/api/v1/cdr/${source.id}/documents`, { Name: 'handbook.md', ContentType: 2, MimeType: 'text/markdown', ContentBase64: base64(HANDBOOK) });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    await t.app.services.jobs.drain();

    copilotId = (await call(admin, 'POST', '/api/v1/apps', { Name: 'HR helper', Description: 'Answers questions about the handbook' })).json<{ id: string }>().id;
    const steps: Record<number, unknown> = {
      1: { DataSourceIds: [source.id] },
      2: { DataAccess: [] },
      3: { Rag: { TopK: 3, MinScore: 0, CiteSources: true } },
      4: { LanguageModelIds: [modelId], DefaultLanguageModelId: modelId },
      5: { PolicyIds: [] },
      6: { UserIds: [demo.users.user.id] },
      7: { PromptType: 2, PredefinedPrompts: [{ Title: 'Travel', Prompt: 'Who approves travel expenses?' }] },
    };
    for (const step of [1, 2, 3, 4, 5, 6, 7]) {
      const saved = await call(admin, 'PUT', `/api/v1/apps/${copilotId}/steps/${step}`, steps[step]);
      expect(saved.statusCode, `step ${step}: ${saved.body}`).toBe(200);
    }
  });
  afterAll(() => t.close());

  it('answers SEARCH_RAG from the data sources, citing the passages, and opens a cited one with its neighbours', async () => {
    const cid = await newConversation(t, user);
    const sent = await sendMessage(t, user, cid, { MessageType: 'SEARCH_RAG', Content: 'Who approves travel expenses?', LanguageModelId: modelId });
    expect(sent.message.MessageType).toBe('SEARCH_RAG');
    expect(sent.message.Sources.length).toBeGreaterThan(0);
    const best = sent.message.Sources[0]!;
    expect(best).toMatchObject({ DataSourceName: 'Handbook', DocumentName: 'handbook.md' });
    expect(best.Snippet).toContain('Travel expenses above 500 euros');
    expect(sent.message.Answer).toContain('Travel expenses above 500 euros need approval from the finance director');

    const opened = await call(user, 'GET', `/api/v1/chat/conversations/${cid}/prompts/${sent.message.id}/sources/${best.ChunkId}`);
    expect(opened.statusCode, opened.body).toBe(200);
    const cited = opened.json<CitedSource>();
    expect(cited).toMatchObject({ ChunkId: best.ChunkId, DocumentName: 'handbook.md', Snippet: best.Snippet });
    expect(cited.Text).toContain('need approval from the finance director');
    const chunks = await t.db.kysely.selectFrom('chunks').select(['id', 'ordinal']).orderBy('ordinal').execute();
    const ordinal = chunks.find((chunk) => chunk.id === best.ChunkId)!.ordinal;
    expect(cited.Context.map((item) => item.ChunkId)).toEqual(chunks.filter((chunk) => Math.abs(chunk.ordinal - ordinal) === 1).map((chunk) => chunk.id));
    expect(cited.Context.length).toBeGreaterThan(0);

    const uncited = chunks.find((chunk) => !sent.message.Sources.some((source) => source.ChunkId === chunk.id));
    expect(uncited, 'a chunk the answer did not cite').toBeDefined();
    expect((await call(user, 'GET', `/api/v1/chat/conversations/${cid}/prompts/${sent.message.id}/sources/${uncited!.id}`)).statusCode).toBe(404);
    expect((await call(user, 'GET', `/api/v1/chat/conversations/${cid}/prompts/${sent.message.id}/sources/not-a-chunk`)).statusCode).toBe(404);
    // Another user (the org admin) cannot open this user's cited source.
    expect((await call(admin, 'GET', `/api/v1/chat/conversations/${cid}/prompts/${sent.message.id}/sources/${best.ChunkId}`)).statusCode).toBe(404);
  });

  it('opens a child chat about a cited passage and gives the passage to the model with every message', async () => {
    const parent = await newConversation(t, user);
    const sent = await sendMessage(t, user, parent, { MessageType: 'SEARCH_RAG', Content: 'How do I request holidays?', LanguageModelId: modelId });
    const chunkId = sent.message.Sources[0]!.ChunkId;
    const child = await call(user, 'POST', '/api/v1/chat/conversations', { ParentConversationId: parent, SourceChunkId: chunkId });
    expect(child.statusCode, child.body).toBe(201);
    expect(child.json<Conversation>()).toMatchObject({ ParentConversationId: parent, SourceChunkId: chunkId, Title: '', MessageCount: 0 });
    const childId = child.json<Conversation>().id;
    const chunkText = (await t.db.kysely.selectFrom('chunks').select('text').where('id', '=', chunkId).executeTakeFirstOrThrow()).text;
    for (const content of ['Explain this passage.', 'And who approves it?']) {
      const reply = await sendMessage(t, user, childId, { MessageType: 'PROMPT_LLM', Content: content, LanguageModelId: modelId });
      const llm = (await new LifecycleRepository(t.db.kysely).find(reply.message.id))!.Stages.find((stage) => stage.Service === 'llm')!;
      expect(JSON.stringify(llm.Detail)).toContain(JSON.stringify(chunkText.slice(0, 60)).slice(1, -1));
    }
    const children = await call(user, 'GET', `/api/v1/chat/conversations?filter=${encodeURIComponent(JSON.stringify({ ParentConversationId: parent }))}`);
    expect(children.json<Conversation[]>().map((conversation) => conversation.id)).toEqual([childId]);

    const chunks = await t.db.kysely.selectFrom('chunks').select('id').execute();
    const uncited = chunks.find((chunk) => !sent.message.Sources.some((source) => source.ChunkId === chunk.id));
    expect(uncited, 'a chunk the answer did not cite').toBeDefined();
    expect((await call(user, 'POST', '/api/v1/chat/conversations', { ParentConversationId: parent, SourceChunkId: uncited!.id })).statusCode).toBe(404);
    expect((await call(admin, 'POST', '/api/v1/chat/conversations', { ParentConversationId: parent, SourceChunkId: chunkId })).statusCode).toBe(404);
    const half = await call(user, 'POST', '/api/v1/chat/conversations', { ParentConversationId: parent });
    expect([half.statusCode, half.json().errors]).toEqual([400, { SourceChunkId: 'Required for a child chat' }]);
  });

  it('lists the copilots the caller may use and answers PROMPT_COPILOT with the copilot’s sources and model', async () => {
    const listed = (await call(user, 'GET', '/api/v1/chat/copilots')).json<ChatCopilot[]>();
    expect(listed).toEqual([{ id: copilotId, Name: 'HR helper', Description: 'Answers questions about the handbook', PromptType: 2, PredefinedPrompts: [{ Title: 'Travel', Prompt: 'Who approves travel expenses?' }] }]);
    // The org admin is not one of its users.
    expect((await call(admin, 'GET', '/api/v1/chat/copilots')).json()).toEqual([]);

    const cid = await newConversation(t, user);
    const sent = await sendMessage(t, user, cid, { MessageType: 'PROMPT_COPILOT', Content: 'Who approves travel expenses?', AppId: copilotId });
    expect(sent.message).toMatchObject({ MessageType: 'PROMPT_COPILOT', AppId: copilotId, AppName: 'HR helper', LanguageModelId: modelId, Status: 'success' });
    expect(sent.message.Sources[0]?.Snippet).toContain('Travel expenses above 500 euros');
    const record = (await new LifecycleRepository(t.db.kysely).find(sent.message.id))!;
    expect(record).toMatchObject({ AppId: copilotId, MessageType: 'PROMPT_COPILOT' });

    const adminChat = await newConversation(t, admin);
    const refused = await call(admin, 'POST', `/api/v1/chat/conversations/${adminChat}/messages`, { MessageType: 'PROMPT_COPILOT', Content: 'Hi', AppId: copilotId });
    expect(refused.statusCode).toBe(403);
    expect((await call(user, 'POST', `/api/v1/chat/conversations/${cid}/messages`, { MessageType: 'PROMPT_COPILOT', Content: 'Hi', AppId: 'unknown' })).statusCode).toBe(404);
  });

  it('lists the models the caller may use', async () => {
    expect((await call(user, 'GET', '/api/v1/chat/models')).json()).toEqual([{ id: modelId, Name: expect.any(String), Provider: 'demo' }]);
  });
});
