import type { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { ResearchOptions } from '../research/research-job';
import { spawnWorker } from '../workers/spawn-worker';

/** What the job host thread tells the server. */
export type JobHostMessage = { type: 'ready' } | { type: 'stopped' } | { type: 'failed'; message: string };
/** What the server tells it: stop, or look for jobs now (one was queued). */
export type JobHostCommand = { type: 'stop' } | { type: 'wake' };

export interface JobHost {
  /** Settles when the first thread runs jobs (it loads the whole app: seconds); rejects when it could not start. */
  ready: Promise<void>;
  /** The thread running now (none while one that ended waits to start again). */
  readonly thread: Worker | undefined;
  /** Threads started again after one ended without being asked to. */
  readonly restarts: number;
  /** Tells the thread a job was queued, so that it looks at once. */
  wake(): void;
  stop(): Promise<void>;
}

/** How long a thread that ended waits before the next starts: doubling from the first delay up to the last. */
export interface RestartTiming {
  firstDelayMs: number;
  maxDelayMs: number;
  /** A thread that ran this long before it ended counts as healthy: the next waits the first delay again. */
  healthyAfterMs: number;
}

export const DEFAULT_RESTART_TIMING: RestartTiming = { firstDelayMs: 1000, maxDelayMs: 60_000, healthyAfterMs: 60_000 };
const START_LIMIT_MS = 120_000;
const STOP_LIMIT_MS = 30_000;

/** What the thread is started with: the server's configuration, its PostgreSQL schema, its research options. */
export interface JobHostData {
  config: Config;
  schema?: string;
  research?: ResearchOptions;
}

/**
 * Runs this server's background jobs in a worker thread (JOBS_THREAD): a second instance of the app on the same
 * database (job-host-worker.ts) with its own event loop, which serves no request and runs every job. A search's work
 * then never delays a chat answer: the two share the machine's cores, not one event loop. The jobs table is how the
 * server hands work over, as between several servers (job-runner.ts): a job this server queues wakes the thread at once
 * (`wake`); one queued inside a transaction, or by another server, starts within the thread's poll.
 *
 * A thread that ends without being asked to (an uncaught error, out of memory) is started again; the jobs it held are
 * taken up again when their leases run out, as those of a server that died.
 */
export function startJobHost(data: JobHostData, log: FastifyBaseLogger, timing: RestartTiming = DEFAULT_RESTART_TIMING): JobHost {
  const { config } = data;
  if (config.DATABASE_URL === 'sqlite::memory:') throw new Error('JOBS_THREAD needs a database file or PostgreSQL: an in-memory database cannot be shared with the job host thread.');
  let stopping = false;
  let current: { worker: Worker; started: Promise<void> } | undefined;
  let restarts = 0;
  let nextDelayMs = timing.firstDelayMs;
  let restartTimer: NodeJS.Timeout | undefined;

  const launch = (): Promise<void> => {
    const worker = spawnWorker('job-host-worker', new URL('.', import.meta.url), { workerData: data });
    const launchedAt = Date.now();
    worker.on('error', (error) => log.error({ err: error }, 'the job host thread failed'));
    worker.once('exit', (code) => {
      if (current?.worker === worker) current = undefined;
      if (stopping) return;
      if (Date.now() - launchedAt >= timing.healthyAfterMs) nextDelayMs = timing.firstDelayMs;
      log.error({ code, restartInMs: nextDelayMs }, 'the job host thread ended: it starts again');
      restartTimer = setTimeout(() => {
        restartTimer = undefined;
        restarts++;
        void launch().catch(() => undefined);
      }, nextDelayMs);
      nextDelayMs = Math.min(nextDelayMs * 2, timing.maxDelayMs);
    });
    const started = heard(worker, 'ready', START_LIMIT_MS).then(() => undefined);
    started.catch((error: unknown) => {
      log.error({ err: error }, 'the job host thread did not start');
      // A thread that failed to start or hangs is ended; its exit schedules the next attempt.
      void worker.terminate();
    });
    current = { worker, started };
    return started;
  };

  const ready = launch();
  return {
    ready,
    get thread() {
      return current?.worker;
    },
    get restarts() {
      return restarts;
    },
    wake() {
      current?.worker.postMessage({ type: 'wake' } satisfies JobHostCommand);
    },
    async stop() {
      stopping = true;
      clearTimeout(restartTimer);
      const running = current;
      if (!running) return;
      await running.started.catch(() => undefined);
      if (current !== running) return;
      running.worker.postMessage({ type: 'stop' } satisfies JobHostCommand);
      await heard(running.worker, 'stopped', STOP_LIMIT_MS).catch(() => undefined);
      await running.worker.terminate();
    },
  };
}

/** The thread's next message of this type; rejects when it reports a failure, ends, or stays silent past the limit. */
function heard(worker: Worker, type: JobHostMessage['type'], limitMs: number): Promise<JobHostMessage> {
  return new Promise<JobHostMessage>((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('exit', onExit);
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`The job host thread did not answer "${type}" in time.`));
    }, limitMs);
    const onMessage = (message: JobHostMessage) => {
      if (message.type !== type && message.type !== 'failed') return;
      done();
      if (message.type === 'failed') reject(new Error(`The job host thread could not start: ${message.message}`));
      else resolve(message);
    };
    const onExit = (code: number) => {
      done();
      reject(new Error(`The job host thread ended (exit code ${code}).`));
    };
    worker.on('message', onMessage);
    worker.once('exit', onExit);
  });
}
