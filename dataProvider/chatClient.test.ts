import { http, HttpResponse } from 'msw';
import { HttpError } from 'react-admin';
import { describe, expect, test } from 'vitest';
import type { ChatStreamEvent } from '../domain';
import { Role } from '../domain';
import { readAuthStorage, writeAuthStorage } from '../authProvider/authStorage';
import { buildApiError, buildCurrentUser } from '../mocks/builders';
import { buildChatMessage } from '../mocks/chatBuilders';
import { server } from '../mocks/node';
import { stubLocationAssign } from '../src/testing/stubLocationAssign';
import { streamChatMessage } from './chatClient';

const REQUEST = { MessageType: 'PROMPT_LLM', Content: 'Hi', LanguageModelId: 1 } as const;

/** A response whose body arrives in exactly these pieces. */
function streamOf(pieces: (string | Uint8Array)[]) {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      pieces.forEach((piece) => controller.enqueue(typeof piece === 'string' ? encoder.encode(piece) : piece));
      controller.close();
    },
  });
}

describe('streamChatMessage', () => {
  test('parses events split across reads, several per read, CRLF and comment lines, and a last event without blank line', async () => {
    const started = buildChatMessage({ Answer: null, Status: 'in_progress', Verification: null });
    const done = buildChatMessage({ Answer: 'Héllo wörld' });
    const prompt = `data: ${JSON.stringify({ type: 'prompt', message: started })}\n\n`;
    const bytes = new TextEncoder().encode(`data: {"type":"delta","text":"Héllo "}\r\n\r\n: keep-alive\n\ndata: {"type":"delta","text":"wörld"}\n\n`);
    // Split in the middle of the two bytes of "é" too.
    const cut = bytes.indexOf(0xc3) + 1;
    const pieces = [prompt.slice(0, 17), prompt.slice(17), bytes.slice(0, cut), bytes.slice(cut), `data: ${JSON.stringify({ type: 'done', message: done })}`];
    server.use(http.post('/api/v1/chat/conversations/cnv_1/messages', () => new HttpResponse(streamOf(pieces), { headers: { 'Content-Type': 'text/event-stream' } })));

    const events: ChatStreamEvent[] = [];
    await streamChatMessage('cnv_1', REQUEST, (event) => events.push(event));

    expect(events.map((event) => event.type)).toEqual(['prompt', 'delta', 'delta', 'done']);
    expect(events.filter((event) => event.type === 'delta').map((event) => event.text).join('')).toBe('Héllo wörld');
    expect(events[3]).toEqual({ type: 'done', message: done });
  });

  test('an event that does not match the contract fails loudly', async () => {
    server.use(http.post('/api/v1/chat/conversations/cnv_1/messages', () => new HttpResponse(streamOf(['data: {"type":"delta"}\n\n']))));
    await expect(streamChatMessage('cnv_1', REQUEST, () => undefined)).rejects.toThrow();
  });

  test('a refused message rejects with the server’s message and field messages', async () => {
    server.use(http.post('/api/v1/chat/conversations/cnv_1/messages', () => HttpResponse.json(buildApiError('Some fields are not valid.', { LanguageModelId: 'Choose a language model' }), { status: 400 })));
    const failure = streamChatMessage('cnv_1', REQUEST, () => undefined);
    await expect(failure).rejects.toBeInstanceOf(HttpError);
    await expect(failure).rejects.toMatchObject({ status: 400, message: 'Some fields are not valid.', body: { errors: { LanguageModelId: 'Choose a language model' } } });
  });

  test('401 applies the session-lost rule', async () => {
    writeAuthStorage(buildCurrentUser(Role.USER));
    window.history.replaceState(null, '', '/chat/cnv_1');
    const assign = stubLocationAssign();
    server.use(http.post('/api/v1/chat/conversations/cnv_1/messages', () => HttpResponse.json(buildApiError('Sign in to continue.'), { status: 401 })));
    await expect(streamChatMessage('cnv_1', REQUEST, () => undefined)).rejects.toMatchObject({ status: 401 });
    expect(readAuthStorage()).toBeUndefined();
    expect(assign).toHaveBeenCalledWith('/auth/google/logout');
  });
});
