// The verification runner: how results sum up to a §4 status, a response type and an action, with built-in checks
// and with an external service on a local HTTP server (success, missing metric, HTTP error, bad reply, timeout).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VerificationStatus } from '../../domain/enums';
import { OutboundClient } from '../outbound';
import { stubResolver } from '../../tests/fakes/stub-resolver';
import { MAX_REPLY_BYTES } from './external-client';
import type { VerifierRuntime, VerifyInput, VerifyOptions } from './verify';
import { verify } from './verify';

const outbound = new OutboundClient({ allowHosts: ['127.0.0.1'], resolver: stubResolver() });
const run = (input: VerifyInput, verifiers: VerifierRuntime[], options: Partial<VerifyOptions> = {}) => verify(input, verifiers, { fetch: outbound.fetcher(), ...options });

const builtIn = (overrides: Partial<VerifierRuntime> = {}): VerifierRuntime => ({
  id: 'v1',
  name: 'Built-in',
  metricTypes: ['toxicity'],
  intensity: 'Medium',
  apiVersion: 'v1',
  action: 'warn_user',
  threshold: 70,
  endpoint: null,
  apiKey: null,
  ...overrides,
});

const EIFFEL = ['The Eiffel Tower is located in Paris. It was completed in 1889 and is 330 metres tall.'];

describe('verify: built-in checks', () => {
  it('answers None, unknown and show_response without verifiers', async () => {
    expect(await run({ prompt: 'p', answer: 'a', context: [] }, [])).toEqual({ Status: VerificationStatus.None, ResponseType: 'unknown', Action: 'show_response', Results: [] });
  });

  it('passes at the threshold: toxicity 30 is score 70, threshold 70', async () => {
    const outcome = await run({ prompt: '', answer: 'You are an idiot.', context: [] }, [builtIn()]);
    expect(outcome).toMatchObject({ Status: VerificationStatus.FullyVerified, ResponseType: 'valid', Action: 'show_response' });
    expect(outcome.Results).toEqual([
      { VerifierId: 'v1', VerifierName: 'Built-in', Metric: 'toxicity', State: 'verified', Value: 30, Score: 70, Passed: true, Source: 'built-in', Detail: 'built-in heuristic: lexicon found "idiot" (insult, moderate)' },
    ]);
  });

  it("fails above the threshold and takes the failing verifier's action", async () => {
    const outcome = await run({ prompt: '', answer: 'You are an idiot.', context: [] }, [builtIn({ threshold: 71, action: 'block_response' })]);
    expect(outcome).toMatchObject({ Status: VerificationStatus.FullyVerified, ResponseType: 'invalid', Action: 'block_response' });
    expect(outcome.Results[0]).toMatchObject({ Score: 70, Passed: false });
  });

  it('is partially verified when a grounding metric has no context, and not verifiable when none can be scored', async () => {
    const partial = await run({ prompt: '', answer: 'The Eiffel Tower is in Paris.', context: [] }, [builtIn({ metricTypes: ['hallucination', 'toxicity'] })]);
    expect(partial).toMatchObject({ Status: VerificationStatus.PartiallyVerified, ResponseType: 'valid' });
    expect(partial.Results.map((result) => [result.Metric, result.State, result.Passed])).toEqual([
      ['hallucination', 'not_verifiable', null],
      ['toxicity', 'verified', true],
    ]);
    const none = await run({ prompt: '', answer: 'The Eiffel Tower is in Paris.', context: [] }, [builtIn({ metricTypes: ['factuality', 'accuracy'] })]);
    expect(none).toMatchObject({ Status: VerificationStatus.NotVerifiable, ResponseType: 'unknown', Action: 'show_response' });
  });

  it('scores lower-is-better metrics as 100 - value: 50 % hallucinated fails threshold 70', async () => {
    const outcome = await run(
      { prompt: '', answer: 'The Eiffel Tower is in Paris. The tower was painted blue by aliens in 2020.', context: EIFFEL },
      [builtIn({ metricTypes: ['hallucination', 'factuality'], threshold: 50 })],
    );
    expect(outcome.Results.map((result) => [result.Metric, result.Value, result.Score, result.Passed])).toEqual([
      ['hallucination', 50, 50, true],
      ['factuality', 50, 50, true],
    ]);
  });

  it('takes the strictest action of the verifiers that failed, not of those that passed', async () => {
    const answer = 'You are an idiot.';
    const outcome = await run({ prompt: '', answer, context: [] }, [
      builtIn({ id: 'a', action: 'warn_user', threshold: 80 }),
      builtIn({ id: 'b', action: 'block_response', threshold: 10 }),
    ]);
    expect(outcome).toMatchObject({ ResponseType: 'invalid', Action: 'warn_user' });
    const both = await run({ prompt: '', answer, context: [] }, [builtIn({ id: 'a', action: 'warn_user', threshold: 80 }), builtIn({ id: 'b', action: 'block_response', threshold: 90 })]);
    expect(both.Action).toBe('block_response');
  });
});

describe('verify: external service', () => {
  let server: http.Server;
  let base: string;
  const received: { path: string; authorization: string | undefined; body: unknown }[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        received.push({ path: request.url ?? '', authorization: request.headers.authorization, body: JSON.parse(raw) as unknown });
        const reply = (status: number, body: string) => response.writeHead(status, { 'content-type': 'application/json' }).end(body);
        if (request.url === '/ok') return reply(200, JSON.stringify({ results: [{ metric: 'toxicity', value: 12, detail: 'model says mild' }, { metric: 'bias', value: 80 }, { metric: 'unknown', value: 1 }] }));
        if (request.url === '/error') return reply(500, '{"error":"secret-key-123 boom"}');
        if (request.url === '/garbage') return reply(200, '{"results":[{"metric":"toxicity","value":"high"}]}');
        if (request.url === '/huge') {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.write('{"results":[');
          for (let block = 0; block < 300; block++) response.write(`${'{"metric":"toxicity","value":1},'.repeat(32)}`);
          return void response.end('{"metric":"toxicity","value":1}]}');
        }
        if (request.url === '/slow') return void setTimeout(() => reply(200, '{"results":[]}'), 1000);
        return reply(404, '{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const external = (path: string, overrides: Partial<VerifierRuntime> = {}) =>
    builtIn({ id: 'x', name: 'External', endpoint: `${base}${path}`, apiKey: 'secret-key-123', apiVersion: 'v2', metricTypes: ['toxicity', 'bias', 'relevancy'], ...overrides });

  it('posts prompt, answer, context, metrics and API version with the key, and judges the returned values', async () => {
    const outcome = await run({ prompt: 'Q?', answer: 'A.', context: ['C'] }, [external('/ok')]);
    expect(received.at(-1)).toEqual({
      path: '/ok',
      authorization: 'Bearer secret-key-123',
      body: { prompt: 'Q?', answer: 'A.', context: ['C'], metrics: ['toxicity', 'bias', 'relevancy'], apiVersion: 'v2', intensity: 'Medium' },
    });
    expect(outcome.Results.map((result) => [result.Metric, result.State, result.Value, result.Score, result.Passed, result.Source, result.Detail])).toEqual([
      ['toxicity', 'verified', 12, 88, true, 'external', 'external service: model says mild'],
      ['bias', 'verified', 80, 20, false, 'external', 'external service: scored'],
      ['relevancy', 'not_verifiable', null, null, null, 'external', 'external service: this metric was not scored'],
    ]);
    expect(outcome).toMatchObject({ Status: VerificationStatus.PartiallyVerified, ResponseType: 'invalid', Action: 'warn_user' });
  });

  it('reports FailedToVerify with the reason on an HTTP error, a malformed reply and a timeout', async () => {
    const failed = await run({ prompt: 'Q', answer: 'A', context: [] }, [external('/error')]);
    expect(failed).toMatchObject({ Status: VerificationStatus.FailedToVerify, ResponseType: 'unknown', Action: 'show_response' });
    expect(failed.Results.map((result) => [result.State, result.Detail])).toEqual([
      ['error', 'The verification service answered HTTP 500.'],
      ['error', 'The verification service answered HTTP 500.'],
      ['error', 'The verification service answered HTTP 500.'],
    ]);
    const garbage = await run({ prompt: 'Q', answer: 'A', context: [] }, [external('/garbage', { metricTypes: ['toxicity'] })]);
    expect(garbage.Results[0]?.Detail).toBe('The verification service answered something other than { results: [{ metric, value 0..100 }] }.');
    const started = Date.now();
    const slow = await run({ prompt: 'Q', answer: 'A', context: [] }, [external('/slow', { metricTypes: ['toxicity'] })], { externalTimeoutMs: 200 });
    expect(Date.now() - started).toBeLessThan(900);
    expect(slow).toMatchObject({ Status: VerificationStatus.FailedToVerify });
    expect(slow.Results[0]?.Detail).toBe('The verification service did not answer within 0.2 s.');
  });

  it('is partially verified when the external service fails but a built-in verifier scores', async () => {
    const outcome = await run({ prompt: '', answer: 'Fine.', context: [] }, [external('/error', { metricTypes: ['toxicity'] }), builtIn()]);
    expect(outcome).toMatchObject({ Status: VerificationStatus.PartiallyVerified, ResponseType: 'valid' });
  });

  it('reports an unreachable service and an unreadable key without calling out', async () => {
    const unreachable = await run({ prompt: '', answer: 'A', context: [] }, [external('/ok', { endpoint: 'http://127.0.0.1:1/verify', metricTypes: ['toxicity'] })]);
    expect(unreachable.Results[0]?.Detail).toBe('The verification service could not be reached.');
    const calls = received.length;
    const unusable = await run({ prompt: '', answer: 'A', context: [] }, [external('/ok', { unusable: 'The stored API key cannot be read.', metricTypes: ['toxicity'] })]);
    expect(unusable).toMatchObject({ Status: VerificationStatus.FailedToVerify });
    expect(received.length).toBe(calls);
  });

  it('refuses an endpoint that outbound calls may not reach, without calling it', async () => {
    const calls = received.length;
    const guarded = await verify({ prompt: '', answer: 'A', context: [] }, [external('/ok', { metricTypes: ['toxicity'] })], {
      fetch: new OutboundClient({ allowHosts: [], resolver: stubResolver() }).fetcher(),
    });
    expect(guarded).toMatchObject({ Status: VerificationStatus.FailedToVerify });
    expect(guarded.Results[0]?.Detail).toMatch(/^The host 127\.0\.0\.1 is a loopback address; .*OUTBOUND_ALLOW_HOSTS/);
    expect(received.length).toBe(calls);
  });

  it('cuts an answer larger than 256 KB while it streams', async () => {
    const huge = await verify({ prompt: '', answer: 'A', context: [] }, [external('/huge', { metricTypes: ['toxicity'] })], {
      fetch: outbound.fetcher({ maxResponseBytes: MAX_REPLY_BYTES }),
    });
    expect(huge.Results[0]?.Detail).toBe('The verification service answered more than 256 KB.');
  });
});
