// Every chat and lifecycle route × the four roles × own and foreign ids: only members of an organization chat, a
// conversation is its owner's alone (another user's or tenant's answers 404), a prompt is readable by its user and the
// organization's admin only.
import { describe } from 'vitest';
import type { IsolationCase } from '../../tests/helpers/isolation';
import { useIsolationWorld, runIsolationCases } from '../../tests/helpers/isolation';
import { demoModelId, sendMessage } from './chat.fixtures';

describe('chat isolation', () => {
  const ids = { mine: '', renamed: '', removed: '', foreign: '', myPrompt: '', adminPrompt: '', foreignPrompt: '', modelId: 0 };
  const members = (own: number) => ({ PA: 403, CA: 403, OA: own, U: own });
  const onlyUser = (status: number) => ({ PA: 403, CA: 403, OA: 404, U: status });
  const nobody = { PA: 403, CA: 403, OA: 404, U: 404 };

  const w = useIsolationWorld(async () => {
    const conversations = '/api/v1/chat/conversations';
    ids.mine = await w.created(w.cookies.U, conversations, { Title: 'Mine' });
    ids.renamed = await w.created(w.cookies.U, conversations, { Title: 'To rename' });
    ids.removed = await w.created(w.cookies.U, conversations, { Title: 'To delete' });
    ids.modelId = await demoModelId(w.t, w.demo.organizationId);
    ids.myPrompt = (await sendMessage(w.t, w.cookies.U, ids.mine, { MessageType: 'SEARCH_RAG', Content: 'Hello', LanguageModelId: ids.modelId })).message.id;
    const adminChat = await w.created(w.cookies.OA, conversations, {});
    ids.adminPrompt = (await sendMessage(w.t, w.cookies.OA, adminChat, { MessageType: 'PROMPT_LLM', Content: 'Admin hello', LanguageModelId: ids.modelId })).message.id;

    ids.foreign = await w.created(w.otherCookies.user, conversations, { Title: 'Theirs' });
    const theirModel = await w.created<number>(w.otherCookies.orgAdmin, '/api/v1/language-models', { Name: 'Theirs', Provider: 'demo', Model: 'offline-demo' });
    ids.foreignPrompt = (await sendMessage(w.t, w.otherCookies.user, ids.foreign, { MessageType: 'PROMPT_LLM', Content: 'Their hello', LanguageModelId: theirModel })).message.id;
  });

  const conversation = (id: () => string) => () => `/api/v1/chat/conversations/${id()}`;
  const cases: IsolationCase[] = [
    { name: 'list conversations', method: 'GET', url: () => '/api/v1/chat/conversations', expect: members(200) },
    { name: 'create a conversation', method: 'POST', url: () => '/api/v1/chat/conversations', body: () => ({ Title: 'New' }), expect: members(201) },
    { name: 'child chat of a foreign conversation', method: 'POST', url: () => '/api/v1/chat/conversations', body: () => ({ ParentConversationId: ids.foreign, SourceChunkId: 'chunk' }), expect: nobody },
    { name: 'read own conversation', method: 'GET', url: conversation(() => ids.mine), expect: onlyUser(200) },
    { name: 'read a foreign conversation', method: 'GET', url: conversation(() => ids.foreign), expect: nobody },
    { name: 'rename own conversation', method: 'PUT', url: conversation(() => ids.renamed), body: () => ({ Title: 'Renamed' }), expect: onlyUser(200) },
    { name: 'rename a foreign conversation', method: 'PUT', url: conversation(() => ids.foreign), body: () => ({ Title: 'Renamed' }), expect: nobody },
    { name: 'delete own conversation', method: 'DELETE', url: conversation(() => ids.removed), expect: onlyUser(200) },
    { name: 'delete a foreign conversation', method: 'DELETE', url: conversation(() => ids.foreign), expect: nobody },
    {
      name: 'send a message to own conversation',
      method: 'POST',
      url: () => `${conversation(() => ids.mine)()}/messages`,
      body: () => ({ MessageType: 'PROMPT_LLM', Content: 'Hi', LanguageModelId: ids.modelId }),
      expect: onlyUser(200),
    },
    {
      name: 'send a message to a foreign conversation',
      method: 'POST',
      url: () => `${conversation(() => ids.foreign)()}/messages`,
      body: () => ({ MessageType: 'PROMPT_LLM', Content: 'Hi', LanguageModelId: ids.modelId }),
      expect: nobody,
    },
    { name: 'upload to a foreign conversation', method: 'POST', url: () => `${conversation(() => ids.foreign)()}/documents`, body: () => ({}), expect: nobody },
    { name: 'cited source of a foreign prompt', method: 'GET', url: () => `${conversation(() => ids.foreign)()}/prompts/${ids.foreignPrompt}/sources/chunk`, expect: nobody },
    { name: 'cited source of own prompt, not cited', method: 'GET', url: () => `${conversation(() => ids.mine)()}/prompts/${ids.myPrompt}/sources/chunk`, expect: nobody },
    { name: 'copilots to chat with', method: 'GET', url: () => '/api/v1/chat/copilots', expect: members(200) },
    { name: 'models to chat with', method: 'GET', url: () => '/api/v1/chat/models', expect: members(200) },
    { name: 'lifecycle of a user’s prompt', method: 'GET', url: () => `/api/v1/prompts/${ids.myPrompt}`, expect: members(200) },
    { name: 'lifecycle of the admin’s prompt', method: 'GET', url: () => `/api/v1/prompts/${ids.adminPrompt}`, expect: { PA: 403, CA: 403, OA: 200, U: 404 } },
    { name: 'lifecycle of a foreign prompt', method: 'GET', url: () => `/api/v1/prompts/${ids.foreignPrompt}`, expect: nobody },
  ];
  runIsolationCases(w, cases);
});
