import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { countRequestsServed, ForegroundGate } from './foreground';

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('ForegroundGate', () => {
  it('lets a job go on at once when no request is being served', async () => {
    const gate = new ForegroundGate(10_000);
    const began = performance.now();
    await gate.giveWay();
    expect(performance.now() - began).toBeLessThan(50);
  });

  it('holds a job back until the last request being served is answered', async () => {
    const gate = new ForegroundGate(10_000);
    const first = gate.enter();
    const second = gate.enter();
    let went = false;
    const waiting = gate.giveWay().then(() => (went = true));
    first();
    first();
    await settle();
    expect(went).toBe(false);
    second();
    await waiting;
    expect(went).toBe(true);
    expect(gate.requestsInFlight).toBe(0);
  });

  it('never holds a job longer than its limit, so a server that is never idle still moves its jobs on', async () => {
    const gate = new ForegroundGate(30);
    gate.enter();
    const began = performance.now();
    await gate.giveWay();
    expect(performance.now() - began).toBeGreaterThanOrEqual(25);
  });
});

describe('countRequestsServed', () => {
  it('counts a request from its arrival to its answer, errors included', async () => {
    const gate = new ForegroundGate(10_000);
    const app = Fastify();
    countRequestsServed(app, gate);
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    app.get('/slow', async () => {
      await answered;
      return { ok: true };
    });
    let whileBroken = 0;
    app.get('/broken', async () => {
      whileBroken = gate.requestsInFlight;
      throw new Error('broken');
    });
    const slow = app.inject('/slow');
    while (gate.requestsInFlight === 0) await settle();
    expect((await app.inject('/broken')).statusCode).toBe(500);
    expect(whileBroken).toBe(2);
    expect(gate.requestsInFlight).toBe(1);
    answer();
    expect((await slow).statusCode).toBe(200);
    expect(gate.requestsInFlight).toBe(0);
    await app.close();
  });
});
