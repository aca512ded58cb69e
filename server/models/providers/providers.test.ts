// Each provider against the local fake upstream (through its official SDK; OpenAI-style non-streamed completions as
// plain JSON posts): what is sent, plain and streamed answers, usage, errors with the provider's message, broken streams
// and timeouts; and the offline demo model.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FakeLlmUpstream } from '../../../tests/fakes/fake-llm-upstream';
import { startFakeLlmUpstream } from '../../../tests/fakes/fake-llm-upstream';
import { OutboundClient } from '../../outbound';
import { SecretBox } from '../../security/secret-box';
import { stubResolver } from '../../../tests/fakes/stub-resolver';
import type { ChatChunk, ChatProvider, ModelRecordForProvider } from './index';
import { demoReply, ProviderError, providerFor, sanitizeProviderMessage } from './index';

const KEY = 'sk-test-0123456789abcdef';
const secrets = new SecretBox(Buffer.alloc(32, 7));
const outbound = new OutboundClient({ allowHosts: ['127.0.0.1'], resolver: stubResolver() });

async function collect(iterable: AsyncIterable<ChatChunk>): Promise<ChatChunk[]> {
  const chunks: ChatChunk[] = [];
  for await (const chunk of iterable) chunks.push(chunk);
  return chunks;
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ProviderError) return error;
    throw error;
  }
  throw new Error('expected a ProviderError');
}

describe('providers against the fake upstream', () => {
  let fake: FakeLlmUpstream;
  beforeAll(async () => {
    fake = await startFakeLlmUpstream();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  const record = (provider: string, changes: Partial<ModelRecordForProvider> = {}): ModelRecordForProvider => ({
    provider,
    model: 'model-x',
    base_url: provider === 'anthropic' ? fake.url : provider === 'azure-openai' || provider === 'ollama' ? fake.url : `${fake.url}/v1`,
    api_version: provider === 'azure-openai' ? '2024-10-21' : null,
    api_key_enc: secrets.encrypt(KEY),
    max_tokens: 256,
    temperature: 0.2,
    ...changes,
  });
  const conversation = { messages: [{ role: 'system' as const, content: 'Be brief.' }, { role: 'user' as const, content: 'Hi there' }] };

  const cases: { provider: string; path: string; auth: (headers: Record<string, unknown>) => unknown }[] = [
    { provider: 'openai', path: '/v1/chat/completions', auth: (h) => h.authorization },
    { provider: 'openai-compatible', path: '/v1/chat/completions', auth: (h) => h.authorization },
    { provider: 'ollama', path: '/v1/chat/completions', auth: (h) => h.authorization },
    { provider: 'azure-openai', path: '/openai/deployments/model-x/chat/completions', auth: (h) => h['api-key'] },
    // @anthropic-ai/sdk 1.x sends the key as a bearer token.
    { provider: 'anthropic', path: '/v1/messages', auth: (h) => h.authorization },
  ];

  for (const { provider, path, auth } of cases) {
    describe(provider, () => {
      const expectedAuth = provider === 'azure-openai' ? KEY : `Bearer ${KEY}`;

      it('completes and reports usage, sending the model, limits and key', async () => {
        const result = await providerFor(record(provider), secrets, outbound).complete(conversation);
        expect(result).toEqual({ text: 'Hello from the fake upstream.', model: 'model-x', finishReason: 'stop', usage: { inputTokens: 11, outputTokens: 7 } });
        expect(fake.requests).toHaveLength(1);
        const sent = fake.requests[0]!;
        expect(sent.path).toBe(path);
        expect(auth(sent.headers)).toBe(expectedAuth);
        if (provider === 'azure-openai') expect(sent.query['api-version']).toBe('2024-10-21');
        if (provider === 'anthropic') {
          expect(sent.body).toEqual({ model: 'model-x', max_tokens: 256, system: 'Be brief.', messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi there' }] }] });
        } else {
          const limit = provider === 'openai' ? { max_completion_tokens: 256 } : { max_tokens: 256 };
          expect(sent.body).toEqual({ model: 'model-x', ...limit, temperature: 0.2, messages: conversation.messages });
        }
      });

      it('streams chunks and then usage', async () => {
        fake.behave({ text: 'One two three four', chunkSize: 4, inputTokens: 21, outputTokens: 5 });
        const chunks = await collect(providerFor(record(provider), secrets, outbound).stream({ messages: [{ role: 'user', content: 'Count' }], maxTokens: 9 }));
        expect(chunks).toEqual([
          { type: 'delta', text: 'One ' },
          { type: 'delta', text: 'two ' },
          { type: 'delta', text: 'thre' },
          { type: 'delta', text: 'e fo' },
          { type: 'delta', text: 'ur' },
          { type: 'finish', reason: 'stop' },
          { type: 'usage', inputTokens: 21, outputTokens: 5 },
        ]);
        expect(fake.requests[0]!.body.stream).toBe(true);
        expect(fake.requests[0]!.body[provider === 'openai' ? 'max_completion_tokens' : 'max_tokens']).toBe(9);
      });

      it("turns a 401 into a ProviderError with the provider's message and never the key", async () => {
        fake.behave({ expectedApiKey: 'the-right-key' });
        const error = await failure(providerFor(record(provider), secrets, outbound).complete(conversation));
        expect(error.kind).toBe('upstream');
        expect(error.status).toBe(401);
        expect(error.message).toBe('401: Incorrect API key provided.');
      });

      it('reports a stream that breaks off midway', async () => {
        fake.behave({ text: 'abcdefghijklmnopqrstuvwxyz', chunkSize: 2, breakAfterChunks: 3 });
        const received: ChatChunk[] = [];
        const error = await failure(
          (async () => {
            for await (const chunk of providerFor(record(provider), secrets, outbound).stream(conversation)) received.push(chunk);
          })(),
        );
        expect(error.kind).toBe('connection');
        expect(received.length).toBeLessThanOrEqual(3);
        expect(received.every((chunk) => chunk.type === 'delta')).toBe(true);
      });

      it('gives up when the upstream is slower than the timeout', async () => {
        fake.behave({ delayMs: 2_000 });
        const error = await failure(providerFor(record(provider), secrets, outbound, { timeoutMs: 150 }).complete(conversation));
        expect(error.kind).toBe('timeout');
        expect(error.message).toBe('The provider did not answer in time.');
      });

      it("stops when the caller's signal aborts", async () => {
        fake.behave({ delayMs: 2_000 });
        const error = await failure(providerFor(record(provider), secrets, outbound).complete(conversation, AbortSignal.timeout(100)));
        expect(error.kind).toBe('timeout');
        const controller = new AbortController();
        setTimeout(() => controller.abort(), 50);
        const cancelled = await failure(providerFor(record(provider), secrets, outbound).complete(conversation, controller.signal));
        expect(cancelled.kind).toBe('aborted');
      });
    });
  }

  it('sends no Authorization header to an endpoint without a key', async () => {
    await providerFor(record('ollama', { api_key_enc: null, base_url: fake.url }), secrets, outbound).complete(conversation);
    expect(fake.requests[0]!.headers.authorization).toBeUndefined();
    expect(fake.requests[0]!.path).toBe('/v1/chat/completions');
  });

  it("keeps the provider's message on other errors, without the key", async () => {
    fake.behave({ error: { status: 429, message: `Rate limit reached for key ${KEY} at https://user:pw@example.test/x` } });
    const error = await failure(providerFor(record('openai'), secrets, outbound).complete(conversation));
    expect(error.message).toBe('429: Rate limit reached for key [redacted] at https://example.test/x');
    expect(error.message).not.toContain(KEY);
  });

  it('refuses, before connecting, a base URL that outbound calls may not reach, and re-checks a name at every call', async () => {
    for (const provider of ['openai-compatible', 'anthropic', 'azure-openai']) {
      const error = await failure(providerFor(record(provider, { base_url: 'http://169.254.169.254/v1' }), secrets, outbound).complete(conversation));
      expect(error.kind).toBe('configuration');
      expect(error.message).toMatch(/^The host 169\.254\.169\.254 is a cloud metadata address; .*OUTBOUND_ALLOW_HOSTS/);
    }
    let lookups = 0;
    const moving = new OutboundClient({ allowHosts: [], resolver: stubResolver({ 'llm.test': () => (lookups++ ? ['10.0.0.5'] : ['127.0.0.1']) }) });
    const error = await failure(providerFor(record('openai-compatible', { base_url: 'http://llm.test/v1' }), secrets, moving).complete(conversation));
    expect(error.message).toMatch(/^The host llm\.test resolves to a loopback address/);
    const again = await failure(providerFor(record('openai-compatible', { base_url: 'http://llm.test/v1' }), secrets, moving).complete(conversation));
    expect(again.message).toMatch(/^The host llm\.test resolves to a private address/);
    expect(fake.requests).toHaveLength(0);
  });

  it('reads a gateway page of an error, and refuses a 200 that is no chat completion', async () => {
    const answers: { status: number; type: string; body: string }[] = [
      { status: 502, type: 'text/html', body: '<html><body>502 Bad Gateway</body></html>' },
      { status: 200, type: 'application/json', body: '{"result":"ok"}' },
      { status: 200, type: 'text/plain', body: 'hello' },
    ];
    const server = http.createServer((request, response) => {
      const answer = answers.shift()!;
      request.resume();
      request.on('end', () => response.writeHead(answer.status, { 'content-type': answer.type }).end(answer.body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const provider = providerFor(record('openai-compatible', { base_url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` }), secrets, outbound);
      const page = await failure(provider.complete(conversation));
      expect([page.kind, page.status, page.message]).toEqual(['upstream', 502, '502: <html><body>502 Bad Gateway</body></html>']);
      for (let index = 0; index < 2; index++) {
        const odd = await failure(provider.complete(conversation));
        expect([odd.kind, odd.message]).toEqual(['upstream', 'The provider answered something that is not a chat completion.']);
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('reports an unreachable endpoint as a connection error', async () => {
    const error = await failure(providerFor(record('openai-compatible', { base_url: 'http://127.0.0.1:9/v1' }), secrets, outbound).complete(conversation));
    expect(error.kind).toBe('connection');
    expect(error.message).toMatch(/^Could not reach the provider/);
  });
});

describe('the offline demo model', () => {
  const demo: ChatProvider = providerFor(
    { provider: 'demo', model: 'offline-demo', base_url: null, api_version: null, api_key_enc: null, max_tokens: 1024, temperature: 0.7 },
    secrets,
    outbound,
  );

  it('quotes the last user message', async () => {
    const result = await demo.complete({ messages: [{ role: 'user', content: 'first' }, { role: 'assistant', content: 'ok' }, { role: 'user', content: 'What is 2+2?' }] });
    expect(result).toEqual({ text: '[Offline demo model] I received: «What is 2+2?»', model: 'offline-demo', finishReason: 'stop', usage: { inputTokens: 6, outputTokens: 12 } });
  });

  it('quotes the system and context messages too', async () => {
    const request = { messages: [{ role: 'system' as const, content: 'You are helpful.' }, { role: 'system' as const, content: 'Context: the sky is blue.' }, { role: 'user' as const, content: 'Why?' }] };
    const expected = '[Offline demo model] I received: «Why?»\n\nWith this context:\n«You are helpful.»\n«Context: the sky is blue.»';
    expect(demoReply(request)).toBe(expected);
    expect((await demo.complete(request)).text).toBe(expected);
  });

  it('streams the same answer in small chunks, the same every time', async () => {
    const request = { messages: [{ role: 'user' as const, content: 'Stream this, please, in pieces' }] };
    const first = await collect(demo.stream(request));
    const second = await collect(demo.stream(request));
    expect(second).toEqual(first);
    const deltas = first.filter((chunk): chunk is { type: 'delta'; text: string } => chunk.type === 'delta');
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.every((chunk) => [...chunk.text].length <= 12)).toBe(true);
    expect(deltas.map((chunk) => chunk.text).join('')).toBe('[Offline demo model] I received: «Stream this, please, in pieces»');
    expect(first.at(-1)).toEqual({ type: 'usage', inputTokens: 8, outputTokens: 17 });
  });

  it('stops streaming when aborted', async () => {
    const controller = new AbortController();
    const received: ChatChunk[] = [];
    const error = await failure(
      (async () => {
        for await (const chunk of demo.stream({ messages: [{ role: 'user', content: 'x'.repeat(200) }] }, controller.signal)) {
          received.push(chunk);
          if (received.length === 2) controller.abort();
        }
      })(),
    );
    expect(error.kind).toBe('aborted');
    expect(received).toHaveLength(2);
  });
});

describe('sanitizeProviderMessage', () => {
  it('removes the key, key-like strings and URL credentials, and caps the length', () => {
    expect(sanitizeProviderMessage('bad key my-secret-value here', ['my-secret-value'])).toBe('bad key [redacted] here');
    expect(sanitizeProviderMessage('Incorrect API key provided: sk-proj-abc***xyz.')).toBe('Incorrect API key provided: [redacted].');
    expect(sanitizeProviderMessage('see http://admin:hunter2@10.0.0.1:8080/v1 now')).toBe('see http://10.0.0.1:8080/v1 now');
    expect(sanitizeProviderMessage('x'.repeat(600))).toHaveLength(500);
    expect(sanitizeProviderMessage('   ')).toBe('The provider gave no message.');
  });
});
