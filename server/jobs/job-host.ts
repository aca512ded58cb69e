import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { spawnWorker } from '../workers/spawn-worker';

/** What the job host thread tells the server. */
export type JobHostMessage = { type: 'ready' } | { type: 'stopped' } | { type: 'failed'; message: string };

export interface JobHost {
  /** Settles when the thread runs jobs (it loads the whole app: seconds); rejects when it could not start. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

const START_LIMIT_MS = 120_000;
const STOP_LIMIT_MS = 30_000;

/**
 * Runs this server's background jobs in a worker thread (JOBS_THREAD=true): a second instance of the app on the same
 * database (job-host-worker.ts) with its own event loop, which serves no request and runs every job. A search's work
 * then never delays a chat answer: the two share the machine's cores, not one event loop. The jobs table is how the
 * server hands work over, as between several servers (job-runner.ts): a queued job starts within the host's poll.
 */
export function startJobHost(config: Config, schema: string | undefined, log: FastifyBaseLogger): JobHost {
  if (config.DATABASE_URL === 'sqlite::memory:') throw new Error('JOBS_THREAD needs a database file or PostgreSQL: an in-memory database cannot be shared with the job host thread.');
  const worker = spawnWorker('job-host-worker', new URL('.', import.meta.url), { workerData: { config, schema } });
  let stopping = false;
  let exited = false;
  const heard = (type: JobHostMessage['type'], limitMs: number) =>
    new Promise<JobHostMessage>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`The job host thread did not answer "${type}" in time.`)), limitMs);
      const onMessage = (message: JobHostMessage) => {
        if (message.type !== type && message.type !== 'failed') return;
        clearTimeout(timer);
        worker.off('message', onMessage);
        if (message.type === 'failed') reject(new Error(`The job host thread could not start: ${message.message}`));
        else resolve(message);
      };
      worker.on('message', onMessage);
      worker.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`The job host thread ended (exit code ${code}).`));
      });
    });
  worker.on('error', (error) => log.error({ err: error }, 'the job host thread failed'));
  worker.on('exit', (code) => {
    exited = true;
    if (!stopping) log.error({ code }, 'the job host thread ended: background jobs wait until the server restarts');
  });
  const ready = heard('ready', START_LIMIT_MS).then(() => undefined);
  ready.catch((error: unknown) => log.error({ err: error }, 'the job host thread did not start: background jobs wait until the server restarts'));
  return {
    ready,
    async stop() {
      stopping = true;
      await ready.catch(() => undefined);
      if (exited) return;
      worker.postMessage({ type: 'stop' });
      await heard('stopped', STOP_LIMIT_MS).catch(() => undefined);
      await worker.terminate();
    },
  };
}
