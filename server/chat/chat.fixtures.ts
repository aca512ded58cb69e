// Test helpers for the chat: calls with a session, a message's event stream parsed with the contract's schema, and
// multipart bodies as a browser's FormData sends them.
import type { LightMyRequestResponse } from 'fastify';
import type { ChatMessage, ChatStreamEvent, SendMessage } from '../../domain/schemas/chat';
import { ChatStreamEventSchema } from '../../domain/schemas/chat';
import type { TestApp } from '../../tests/helpers/build';
import { DEMO_LANGUAGE_MODEL_NAME } from '../models/seed';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function caller(t: TestApp) {
  return (cookie: string | undefined, method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url,
      headers: { ...(cookie ? { cookie } : {}), 'x-requested-with': 'test', ...headers },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
}

/** Every `data:` event of an SSE body, each validated by the contract's schema. */
export function parseEvents(body: string): ChatStreamEvent[] {
  return body
    .split('\n\n')
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => {
      if (!block.startsWith('data: ')) throw new Error(`not an SSE data line: ${block}`);
      return ChatStreamEventSchema.parse(JSON.parse(block.slice('data: '.length)));
    });
}

export interface SentMessage {
  response: LightMyRequestResponse;
  events: ChatStreamEvent[];
  /** The done event's message. */
  message: ChatMessage;
  /** The delta events' text, joined. */
  streamed: string;
}

export async function sendMessage(t: TestApp, cookie: string, conversationId: string, body: SendMessage): Promise<SentMessage> {
  const response = await caller(t)(cookie, 'POST', `/api/v1/chat/conversations/${conversationId}/messages`, body);
  if (response.statusCode !== 200) throw new Error(`send: ${response.statusCode} ${response.body}`);
  const events = parseEvents(response.body);
  const done = events.at(-1);
  if (done?.type !== 'done') throw new Error(`the stream did not end with done: ${response.body}`);
  const streamed = events.flatMap((event) => (event.type === 'delta' ? [event.text] : [])).join('');
  return { response, events, message: done.message, streamed };
}

export async function newConversation(t: TestApp, cookie: string, body: object = {}): Promise<string> {
  const response = await caller(t)(cookie, 'POST', '/api/v1/chat/conversations', body);
  if (response.statusCode !== 201) throw new Error(`create conversation: ${response.statusCode} ${response.body}`);
  return response.json<{ id: string }>().id;
}

export async function demoModelId(t: TestApp, organizationId: string): Promise<number> {
  const row = await t.db.kysely.selectFrom('language_models').select('id').where('name', '=', DEMO_LANGUAGE_MODEL_NAME).where('organization_id', '=', organizationId).executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A multipart/form-data body with one file, encoded by the platform's FormData as a browser would. */
export async function multipartFile(fileName: string, type: string, content: string | Buffer): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type }), fileName);
  const request = new Request('http://localhost/upload', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

export async function uploadDocument(t: TestApp, cookie: string, conversationId: string, fileName: string, type: string, content: string | Buffer) {
  const { payload, headers } = await multipartFile(fileName, type, content);
  return caller(t)(cookie, 'POST', `/api/v1/chat/conversations/${conversationId}/documents`, payload, headers);
}
