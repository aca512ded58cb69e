// Text extraction off the event loop: a small pool of worker threads (node:worker_threads), a bounded queue, a time
// limit per file (the worker is ended and replaced when it runs over) and a memory bound per worker. A 200 KB PDF that
// inflated to 104 MB once blocked the whole server for 15 s while it was read on the main thread.
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { UploadMimeType } from '../../domain/schemas/data-sources';
import { EXTRACTION_TIME_LIMIT_MS } from '../../domain/schemas/data-sources';
import { HttpError } from '../http/errors';
import type { ExtractionAnswer, ExtractionJob } from './extraction-worker';

const POOL_SIZE = Math.max(1, Math.min(2, availableParallelism() - 1));
/** Files waiting for a worker; more are refused (503) rather than queued without end. */
const MAX_QUEUED = 16;
const WORKER_HEAP_MB = 512;

export const EXTRACTION_TIMED_OUT = `The file took longer than ${EXTRACTION_TIME_LIMIT_MS / 1000} seconds to read; it is too large or too complex.`;
export const EXTRACTION_TOO_LARGE = 'The file needs too much memory to read; it is too large or too complex.';
export const EXTRACTION_BUSY = 'The server is reading many files at the moment; try again shortly.';
const EXTRACTION_FAILED = 'The file could not be read.';

/**
 * The worker: the bundle esbuild emits beside the server's (`scripts/build-server.mjs`), or, run from the TypeScript
 * source (tsx, vitest), the source loaded through tsx's loader registered inside the worker.
 */
function spawnWorker(): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } };
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./extraction-worker.mjs', import.meta.url), options);
  const loader = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const source = new URL('./extraction-worker.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(loader)}).then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}

interface Pending {
  job: ExtractionJob;
  resolve: (text: string) => void;
  reject: (error: Error) => void;
}

class Slot {
  private worker: Worker | null = null;
  busy = false;

  run(pending: Pending, done: () => void): void {
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
    const timer = setTimeout(() => finish(() => pending.reject(new HttpError(413, EXTRACTION_TIMED_OUT)), false), EXTRACTION_TIME_LIMIT_MS);
    const onMessage = (answer: ExtractionAnswer) => {
      if (answer.id !== pending.job.id) return;
      if ('text' in answer) return finish(() => pending.resolve(answer.text), true);
      const error = answer.error ? new HttpError(answer.error.status, answer.error.message, answer.error.errors) : new Error(EXTRACTION_FAILED);
      finish(() => pending.reject(error), true);
    };
    const onFailure = (error?: unknown) => {
      const outOfMemory = (error as { code?: string } | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
      finish(() => pending.reject(outOfMemory ? new HttpError(413, EXTRACTION_TOO_LARGE) : new Error(EXTRACTION_FAILED)), false);
    };
    worker.on('message', onMessage);
    worker.once('error', onFailure);
    worker.once('exit', onFailure);
    worker.postMessage(pending.job, [pending.job.content.buffer as ArrayBuffer]);
  }

  close(): Promise<number> | undefined {
    const worker = this.worker;
    this.worker = null;
    return worker?.terminate();
  }

  private spawn(): Worker {
    const worker = spawnWorker();
    // An idle worker does not keep the process alive; one that dies idle is replaced on the next file.
    worker.unref();
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

class ExtractionPool {
  private readonly slots = Array.from({ length: POOL_SIZE }, () => new Slot());
  private readonly queue: Pending[] = [];
  private nextId = 1;

  extract(mimeType: UploadMimeType, content: Buffer): Promise<string> {
    if (this.queue.length >= MAX_QUEUED) return Promise.reject(new HttpError(503, EXTRACTION_BUSY));
    // A copy the worker owns (transferred, not cloned): the caller's buffer may be a slice of a larger one.
    const job: ExtractionJob = { id: this.nextId++, mimeType, content: new Uint8Array(content) };
    return new Promise<string>((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
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

const pool = new ExtractionPool();

/** The file's text, read in a worker thread: 413 over a size, page or time limit, 400/415 for what cannot be read. */
export function extractText(mimeType: UploadMimeType, content: Buffer): Promise<string> {
  return pool.extract(mimeType, content);
}

/** Ends the workers (at shutdown). */
export function closeExtractionPool(): Promise<void> {
  return pool.close();
}
