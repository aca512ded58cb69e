import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * People's requests come before background work. The server counts the requests it is serving; a job awaits
 * `giveWay()` between its steps, which returns at once when no request is being served and otherwise waits until the
 * last one is answered — at most `maxWaitMs`, so that a server that is never idle still moves its jobs on.
 *
 * Both share one event loop: a search's step (parsing a page, a pipeline stage over its documents) that starts while a
 * chat answer is being prepared delays that answer by the step's whole length.
 */
export class ForegroundGate {
  private serving = 0;
  private waiting: (() => void)[] = [];

  constructor(private readonly maxWaitMs = 250) {}

  /** Marks a request as being served; the returned function ends it (calling it again does nothing). */
  enter(): () => void {
    this.serving++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.serving--;
      if (this.serving === 0) this.release();
    };
  }

  get requestsInFlight(): number {
    return this.serving;
  }

  giveWay(): Promise<void> {
    if (this.serving === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiting = this.waiting.filter((waiter) => waiter !== done);
        resolve();
      };
      const timer = setTimeout(done, this.maxWaitMs);
      timer.unref();
      this.waiting.push(done);
    });
  }

  private release(): void {
    const waiting = this.waiting;
    this.waiting = [];
    // After the answer's own callbacks (its socket writes, the next request read from the same socket).
    setImmediate(() => {
      for (const done of waiting) done();
    });
  }
}

/** Counts every request from its arrival to its answer (or the client's leaving) as one being served. */
export function countRequestsServed(app: FastifyInstance, gate: ForegroundGate): void {
  const served = new WeakMap<FastifyRequest, () => void>();
  const end = (request: FastifyRequest) => served.get(request)?.();
  app.addHook('onRequest', (request, _reply, done) => {
    served.set(request, gate.enter());
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    end(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    end(request);
    done();
  });
}
