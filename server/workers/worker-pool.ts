// A small pool of worker threads (node:worker_threads) for work too long for the event loop: a bounded queue, a time
// limit per job (the worker is ended and replaced when it runs over) and a memory bound per worker. Each worker file
// answers `{ id, result }` or `{ id, error }` per job message (see `serveJobs`).
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { HttpError } from '../http/errors';
import { READY } from './serve-jobs';
import { spawnWorker } from './spawn-worker';

export interface PoolOptions {
  /** The worker's file name without extension, in the folder of `sourceDir` (source) or beside the server bundle. */
  name: string;
  /** `new URL('.', import.meta.url)` of the module that owns the worker file. */
  sourceDir: URL;
  timeLimitMs: number;
  heapMb: number;
  /** Jobs waiting for a worker; more are refused with `busy()`. */
  maxQueued: number;
  timedOut: () => Error;
  outOfMemory: () => Error;
  busy: () => Error;
}

/** A failure the worker reports as data: an HttpError's status, message and field errors, or null for anything else. */
export interface JobError {
  status: number;
  message: string;
  errors?: Record<string, string>;
}

export type JobAnswer<R> = { id: number; result: R } | { id: number; error: JobError | null };

export const POOL_SIZE = Math.max(1, Math.min(2, availableParallelism() - 1));
const JOB_FAILED = 'The work could not be done.';
/** How long a fresh worker may take to load its modules before its first job counts as timed out. */
const STARTUP_LIMIT_MS = 60_000;

interface Pending<J, R> {
  job: J & { id: number };
  transfer: ArrayBuffer[];
  resolve: (result: R) => void;
  reject: (error: Error) => void;
}

class Slot<J, R> {
  private worker: Worker | null = null;
  /** The worker has loaded its modules (it said READY). */
  private ready = false;
  busy = false;

  constructor(private readonly options: PoolOptions) {}

  run(pending: Pending<J, R>, done: () => void): void {
    this.busy = true;
    const worker = (this.worker ??= this.spawn());
    let settled = false;
    const finish = (outcome: () => void, keepWorker: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onFailure);
      worker.off('exit', onFailure);
      if (!keepWorker) this.discard(worker);
      this.busy = false;
      outcome();
      done();
    };
    const timeOut = () => finish(() => pending.reject(this.options.timedOut()), false);
    // The job's time starts once its worker has loaded (a fresh worker loads its modules first, slowly on a busy machine).
    let timer = setTimeout(timeOut, this.ready ? this.options.timeLimitMs : STARTUP_LIMIT_MS);
    const onMessage = (answer: JobAnswer<R> | typeof READY) => {
      if (answer === READY) {
        clearTimeout(timer);
        timer = setTimeout(timeOut, this.options.timeLimitMs);
        return;
      }
      if (answer.id !== pending.job.id) return;
      if ('result' in answer) return finish(() => pending.resolve(answer.result), true);
      const error = answer.error ? new HttpError(answer.error.status, answer.error.message, answer.error.errors) : new Error(JOB_FAILED);
      finish(() => pending.reject(error), true);
    };
    const onFailure = (error?: unknown) => {
      const outOfMemory = (error as { code?: string } | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
      finish(() => pending.reject(outOfMemory ? this.options.outOfMemory() : new Error(JOB_FAILED)), false);
    };
    worker.on('message', onMessage);
    worker.once('error', onFailure);
    worker.once('exit', onFailure);
    worker.postMessage(pending.job, pending.transfer);
  }

  close(): Promise<number> | undefined {
    const worker = this.worker;
    this.worker = null;
    return worker?.terminate();
  }

  private spawn(): Worker {
    const worker = spawnWorker(this.options.name, this.options.sourceDir, { resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb } });
    // An idle worker does not keep the process alive; one that dies idle is replaced on the next job.
    worker.unref();
    this.ready = false;
    worker.on('message', (message: unknown) => {
      if (message === READY && this.worker === worker) this.ready = true;
    });
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = null;
    });
    return worker;
  }

  private discard(worker: Worker): void {
    if (this.worker === worker) this.worker = null;
    void worker.terminate();
  }
}

export class WorkerPool<J extends object, R> {
  private readonly slots: Slot<J, R>[];
  private readonly queue: Pending<J, R>[] = [];
  private nextId = 1;

  constructor(private readonly options: PoolOptions) {
    this.slots = Array.from({ length: POOL_SIZE }, () => new Slot<J, R>(options));
  }

  /** Runs one job; `transfer` lists buffers handed to the worker (no copy). */
  run(job: J, transfer: ArrayBuffer[] = []): Promise<R> {
    if (this.queue.length >= this.options.maxQueued) return Promise.reject(this.options.busy());
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ job: { ...job, id: this.nextId++ }, transfer, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.slots.map((slot) => slot.close()));
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.busy) continue;
      const pending = this.queue.shift();
      if (!pending) return;
      slot.run(pending, () => this.dispatch());
    }
  }
}
