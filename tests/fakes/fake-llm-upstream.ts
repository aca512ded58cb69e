// A local stand-in for language model providers, on an ephemeral port: OpenAI's chat completions (also as Azure
// and Ollama serve them) and Anthropic's messages API, plain and streamed (SSE), with their error shapes.
// It records every request so that tests can assert what was sent. Reusable by any test that needs a model.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type FakeWire = 'openai' | 'anthropic' | 'embeddings';

export interface FakeBehaviour {
  /** The reply text, streamed in chunks of `chunkSize` characters. */
  text: string;
  chunkSize: number;
  inputTokens: number;
  outputTokens: number;
  /** The model named in the answer; by default the one requested. */
  model?: string;
  /** Answer this error instead, in the wire's error shape. */
  error?: { status: number; message: string; type?: string };
  /** When set, requests whose key differs get a 401 in the wire's error shape. */
  expectedApiKey?: string;
  /** Wait this long before answering (to run into a client's timeout). */
  delayMs?: number;
  /** Streaming: destroy the connection after this many content chunks. */
  breakAfterChunks?: number;
  /** Answer these function calls (after `text`, which may be empty); streamed as OpenAI's tool_calls deltas or Anthropic's tool_use blocks. */
  toolCalls?: { id: string; name: string; arguments: string }[];
}

export interface RecordedRequest {
  wire: FakeWire;
  method: string;
  /** Path without the query string. */
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
  /** When the client went away before the answer was complete (epoch ms). */
  abortedAt?: number;
}

export interface FakeLlmUpstream {
  /** http://127.0.0.1:port, no trailing slash. */
  url: string;
  requests: RecordedRequest[];
  /** Changes the behaviour for the following requests (merged into the defaults). */
  behave(changes: Partial<FakeBehaviour>): void;
  /** Default behaviour and no recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

export const FAKE_DEFAULT_TEXT = 'Hello from the fake upstream.';

const defaults = (): FakeBehaviour => ({ text: FAKE_DEFAULT_TEXT, chunkSize: 5, inputTokens: 11, outputTokens: 7 });

const OPENAI_ERROR_TYPES: Record<number, string> = { 400: 'invalid_request_error', 401: 'invalid_request_error', 404: 'invalid_request_error', 429: 'rate_limit_exceeded', 500: 'server_error' };
const ANTHROPIC_ERROR_TYPES: Record<number, string> = { 400: 'invalid_request_error', 401: 'authentication_error', 403: 'permission_error', 404: 'not_found_error', 429: 'rate_limit_error', 500: 'api_error', 529: 'overloaded_error' };

export async function startFakeLlmUpstream(initial: Partial<FakeBehaviour> = {}): Promise<FakeLlmUpstream> {
  let behaviour: FakeBehaviour = { ...defaults(), ...initial };
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void handle(request, response, Buffer.concat(chunks).toString('utf8')).catch(() => response.destroy());
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(request: http.IncomingMessage, response: http.ServerResponse, raw: string): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake');
    const wire: FakeWire | null = url.pathname.endsWith('/chat/completions') ? 'openai' : url.pathname.endsWith('/messages') ? 'anthropic' : url.pathname.endsWith('/embeddings') ? 'embeddings' : null;
    let body: Record<string, unknown> = {};
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      body = { unparsable: raw };
    }
    if (!wire || request.method !== 'POST') {
      sendJson(response, 404, { error: { message: `Unknown route ${request.method} ${url.pathname}`, type: 'invalid_request_error' } });
      return;
    }
    const recorded: RecordedRequest = { wire, method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams), headers: request.headers, body };
    requests.push(recorded);
    response.on('close', () => {
      if (!response.writableEnded) recorded.abortedAt = Date.now();
    });
    const current = behaviour;
    if (current.delayMs) await sleep(current.delayMs, response);
    if (response.destroyed) return;

    const error = current.error ?? (current.expectedApiKey && keyOf(wire, request) !== current.expectedApiKey ? { status: 401, message: 'Incorrect API key provided.' } : undefined);
    if (error) {
      sendJson(response, error.status, wire === 'anthropic' ? anthropicError(error) : openAiError(error));
      return;
    }
    if (wire === 'embeddings') {
      sendJson(response, 200, embeddingsOf(body, current));
      return;
    }
    const model = current.model ?? (typeof body.model === 'string' ? body.model : 'fake-model');
    if (body.stream === true) await streamReply(wire, response, current, model);
    else sendJson(response, 200, wire === 'openai' ? openAiCompletion(current, model) : anthropicMessage(current, model));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    behave(changes) {
      behaviour = { ...behaviour, ...changes };
    },
    reset() {
      behaviour = defaults();
      requests.length = 0;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Anthropic's x-api-key (SDK 1.x sends a bearer token instead), Azure's api-key, else the bearer token. */
function keyOf(wire: FakeWire, request: http.IncomingMessage): string | undefined {
  const headerKey = header(request, wire === 'anthropic' ? 'x-api-key' : 'api-key');
  if (headerKey) return headerKey;
  const authorization = header(request, 'authorization');
  return authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : undefined;
}

function header(request: http.IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function sleep(ms: number, response: http.ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    response.on('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function sendJson(response: http.ServerResponse, status: number, payload: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(payload));
}

function openAiError(error: NonNullable<FakeBehaviour['error']>) {
  return { error: { message: error.message, type: error.type ?? OPENAI_ERROR_TYPES[error.status] ?? 'api_error', param: null, code: error.status === 401 ? 'invalid_api_key' : null } };
}

function anthropicError(error: NonNullable<FakeBehaviour['error']>) {
  return { type: 'error', error: { type: error.type ?? ANTHROPIC_ERROR_TYPES[error.status] ?? 'api_error', message: error.message } };
}

/** Three numbers per text, from its length and first character: deterministic, enough to tell texts apart. */
function embeddingsOf(body: Record<string, unknown>, b: FakeBehaviour) {
  const input = Array.isArray(body.input) ? (body.input as string[]) : [String(body.input)];
  const size = typeof body.dimensions === 'number' ? body.dimensions : 3;
  return {
    object: 'list',
    data: input.map((text, index) => ({ object: 'embedding', index, embedding: Array.from({ length: size }, (_, i) => (text.length + (text.codePointAt(0) ?? 0) * (i + 1)) / 1000) })),
    model: typeof body.model === 'string' ? body.model : 'fake-embedding',
    usage: { prompt_tokens: b.inputTokens, total_tokens: b.inputTokens },
  };
}

function openAiCompletion(b: FakeBehaviour, model: string) {
  const calls = b.toolCalls ?? [];
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: calls.length && !b.text ? null : b.text, refusal: null, ...(calls.length ? { tool_calls: calls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } })) } : {}) }, finish_reason: calls.length ? 'tool_calls' : 'stop', logprobs: null }],
    usage: { prompt_tokens: b.inputTokens, completion_tokens: b.outputTokens, total_tokens: b.inputTokens + b.outputTokens },
  };
}

function anthropicMessage(b: FakeBehaviour, model: string) {
  return {
    id: 'msg_fake',
    type: 'message',
    role: 'assistant',
    model,
    content: [...(b.text ? [{ type: 'text', text: b.text }] : []), ...(b.toolCalls ?? []).map((call) => ({ type: 'tool_use', id: call.id, name: call.name, input: JSON.parse(call.arguments) as unknown }))],
    stop_reason: b.toolCalls?.length ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: b.inputTokens, output_tokens: b.outputTokens },
  };
}

function pieces(text: string, size: number): string[] {
  const characters = [...text];
  const result: string[] = [];
  for (let start = 0; start < characters.length; start += Math.max(1, size)) result.push(characters.slice(start, start + size).join(''));
  return result;
}

async function streamReply(wire: FakeWire, response: http.ServerResponse, b: FakeBehaviour, model: string): Promise<void> {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const send = (line: string) => new Promise<void>((resolve) => response.write(line, () => resolve()));
  const parts = pieces(b.text, b.chunkSize);

  if (wire === 'openai') {
    const chunk = (delta: Record<string, unknown>, finish: string | null) => ({
      id: 'chatcmpl-fake',
      object: 'chat.completion.chunk',
      created: 1_700_000_000,
      model,
      choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
    });
    await send(`data: ${JSON.stringify(chunk({ role: 'assistant', content: '' }, null))}\n\n`);
    for (const [index, part] of parts.entries()) {
      if (b.breakAfterChunks !== undefined && index >= b.breakAfterChunks) return void response.destroy();
      await send(`data: ${JSON.stringify(chunk({ content: part }, null))}\n\n`);
    }
    // Tool calls as OpenAI streams them: the first fragment with id and name, then the arguments in pieces.
    for (const [index, call] of (b.toolCalls ?? []).entries()) {
      await send(`data: ${JSON.stringify(chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] }, null))}\n\n`);
      for (const piece of pieces(call.arguments, b.chunkSize)) await send(`data: ${JSON.stringify(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }, null))}\n\n`);
    }
    await send(`data: ${JSON.stringify(chunk({}, b.toolCalls?.length ? 'tool_calls' : 'stop'))}\n\n`);
    const usage = { prompt_tokens: b.inputTokens, completion_tokens: b.outputTokens, total_tokens: b.inputTokens + b.outputTokens };
    await send(`data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1_700_000_000, model, choices: [], usage })}\n\n`);
    await send('data: [DONE]\n\n');
    response.end();
    return;
  }

  const event = (type: string, data: Record<string, unknown>) => send(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  await event('message_start', {
    message: { id: 'msg_fake', type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: b.inputTokens, output_tokens: 1 } },
  });
  await event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
  await event('ping', {});
  for (const [index, part] of parts.entries()) {
    if (b.breakAfterChunks !== undefined && index >= b.breakAfterChunks) return void response.destroy();
    await event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: part } });
  }
  await event('content_block_stop', { index: 0 });
  await event('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: b.outputTokens } });
  await event('message_stop', {});
  response.end();
}
