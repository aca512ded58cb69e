import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, ConversationDetail } from '../../domain/schemas/chat';
import { ConversationSchema, CONVERSATION_TITLE_MAX } from '../../domain/schemas/chat';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';
import type { Tenant } from '../../tests/helpers/tenants';
import { demoTenant } from '../../tests/helpers/tenants';
import { caller, demoModelId, newConversation, sendMessage } from './chat.fixtures';
import { titleFromPrompt } from './conversations.service';

describe('chat conversations', () => {
  let t: TestApp;
  let demo: Tenant;
  let user: string;
  let admin: string;
  const call = (...args: Parameters<ReturnType<typeof caller>>) => caller(t)(...args);
  const list = (cookie: string, query = '') => call(cookie, 'GET', `/api/v1/chat/conversations${query}`);

  beforeAll(async () => {
    t = await build({ env: { JOBS: 'false' } });
    demo = await demoTenant(t);
    user = await t.login(demo.users.user.email);
    admin = await t.login(demo.users.orgAdmin.email);
  });
  afterAll(() => t.close());

  it('creates, lists (own only, latest first, Content-Range, q), renames and deletes conversations', async () => {
    const created = await call(user, 'POST', '/api/v1/chat/conversations', { Title: '  Budget questions ' });
    expect(created.statusCode).toBe(201);
    const budget = ConversationSchema.parse(created.json());
    expect(budget).toMatchObject({ Title: 'Budget questions', LanguageModelId: null, ParentConversationId: null, SourceChunkId: null, MessageCount: 0 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const travel = await newConversation(t, user, { Title: 'Travel plans' });
    await newConversation(t, admin, { Title: 'The admin’s own chat' });

    const page = await list(user);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-range']).toBe('conversations 0-1/2');
    expect(page.json<Conversation[]>().map((conversation) => conversation.Title)).toEqual(['Travel plans', 'Budget questions']);
    const searched = await list(user, `?filter=${encodeURIComponent(JSON.stringify({ q: 'budget' }))}`);
    expect(searched.json<Conversation[]>().map((conversation) => conversation.id)).toEqual([budget.id]);
    const sorted = await list(user, `?sort=${encodeURIComponent('["Title","ASC"]')}&range=${encodeURIComponent('[0,0]')}`);
    expect([sorted.headers['content-range'], sorted.json<Conversation[]>()[0]!.Title]).toEqual(['conversations 0-0/2', 'Budget questions']);
    expect((await list(user, `?sort=${encodeURIComponent('["vault_enc","ASC"]')}`)).statusCode).toBe(400);

    const renamed = await call(user, 'PUT', `/api/v1/chat/conversations/${budget.id}`, { Title: 'Budget 2027', ParentConversationId: travel });
    expect(renamed.json<Conversation>()).toMatchObject({ id: budget.id, Title: 'Budget 2027', ParentConversationId: null });
    expect((await call(user, 'PUT', `/api/v1/chat/conversations/${budget.id}`, { Title: 'x'.repeat(CONVERSATION_TITLE_MAX + 1) })).statusCode).toBe(400);
    // Renaming moves it to the top.
    expect((await list(user)).json<Conversation[]>()[0]!.id).toBe(budget.id);

    const deleted = await call(user, 'DELETE', `/api/v1/chat/conversations/${travel}`);
    expect(deleted.json()).toEqual({ id: travel });
    expect((await call(user, 'GET', `/api/v1/chat/conversations/${travel}`)).statusCode).toBe(404);
    expect((await list(user)).headers['content-range']).toBe('conversations 0-0/1');
  });

  it('answers 404 for another user’s conversation on every route, and changes nothing', async () => {
    const mine = await newConversation(t, user, { Title: 'Private' });
    for (const [method, url, body] of [
      ['GET', `/api/v1/chat/conversations/${mine}`, undefined],
      ['PUT', `/api/v1/chat/conversations/${mine}`, { Title: 'Taken over' }],
      ['DELETE', `/api/v1/chat/conversations/${mine}`, undefined],
    ] as const) {
      const response = await call(admin, method, url, body);
      expect([method, response.statusCode, response.json()]).toEqual([method, 404, { message: 'The conversation was not found.' }]);
    }
    expect((await call(user, 'GET', `/api/v1/chat/conversations/${mine}`)).json<ConversationDetail>()).toMatchObject({ Title: 'Private', Messages: [] });
  });

  it('keeps the lifecycle records when a conversation with messages is deleted', async () => {
    const cid = await newConversation(t, user);
    const sent = await sendMessage(t, user, cid, { MessageType: 'PROMPT_LLM', Content: 'Hello', LanguageModelId: await demoModelId(t, demo.organizationId) });
    expect((await list(user)).json<Conversation[]>().find((conversation) => conversation.id === cid)).toMatchObject({ Title: 'Hello', MessageCount: 1 });
    const byCount = await list(user, `?sort=${encodeURIComponent('["MessageCount","DESC"]')}`);
    expect(byCount.json<Conversation[]>()[0]).toMatchObject({ id: cid, MessageCount: 1 });
    await call(user, 'DELETE', `/api/v1/chat/conversations/${cid}`);
    expect(await t.db.kysely.selectFrom('chat_messages').selectAll().where('id', '=', sent.message.id).execute()).toEqual([]);
    const prompt = await t.db.kysely.selectFrom('prompts').select(['id', 'conversation_id']).where('id', '=', sent.message.id).executeTakeFirst();
    expect(prompt).toEqual({ id: sent.message.id, conversation_id: null });
  });

  it('titles a conversation from the first line of its first prompt, cut at a word', () => {
    expect(titleFromPrompt('  What is   the plan?\nMore details here')).toBe('What is the plan?');
    const long = titleFromPrompt('Please write a detailed summary of the quarterly revenue figures for the board meeting next week');
    expect(long).toBe('Please write a detailed summary of the quarterly revenue…');
    expect(long.length).toBeLessThanOrEqual(61);
  });
});
