// The worker side of `WorkerPool`: one answer per job message, errors as plain data.
import { parentPort } from 'node:worker_threads';
import { HttpError } from '../http/errors';
import type { JobAnswer } from './worker-pool';

export const READY = 'ready';

/** Called once the worker's modules are loaded: the pool starts a job's time limit only then. */
export function serveJobs<J extends { id: number }, R>(work: (job: J) => R | Promise<R>): void {
  parentPort?.postMessage(READY);
  parentPort?.on('message', (job: J) => {
    Promise.resolve()
      .then(() => work(job))
      .then(
        (result) => parentPort!.postMessage({ id: job.id, result } satisfies JobAnswer<R>),
        (error: unknown) => {
          const known = error instanceof HttpError ? { status: error.statusCode, message: error.message, ...(error.errors ? { errors: error.errors } : {}) } : null;
          parentPort!.postMessage({ id: job.id, error: known } satisfies JobAnswer<R>);
        },
      );
  });
}
