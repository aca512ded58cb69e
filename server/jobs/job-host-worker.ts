// The job host thread (job-host.ts): the app on the server's database with jobs on, serving no request.
import { parentPort, workerData } from 'node:worker_threads';
import { buildApp } from '../app';
import { closeWorkerPools } from '../workers/close-pools';
import { openDatabase } from '../db/connection';
import type { JobHostCommand, JobHostData, JobHostMessage } from './job-host';
import { lowerThisThreadsPriority } from './job-host-priority';

const port = parentPort!;
const tell = (message: JobHostMessage) => port.postMessage(message);
const { config, schema, research } = workerData as JobHostData;

lowerThisThreadsPriority();

try {
  // The server's own connection already has a checkpointer thread.
  const db = openDatabase(config.DATABASE_URL, { schema, checkpointer: false });
  const app = await buildApp({ config: { ...config, JOBS: true, JOBS_THREAD: false }, db, aggregateRollups: false, ...(research ? { research } : {}) });
  await app.ready();
  port.on('message', (message: JobHostCommand) => {
    if (message.type === 'wake') app.services.jobs.wake();
    if (message.type !== 'stop') return;
    void (async () => {
      await app.close();
      await closeWorkerPools();
      await db.close();
      tell({ type: 'stopped' });
    })();
  });
  tell({ type: 'ready' });
} catch (error) {
  tell({ type: 'failed', message: error instanceof Error ? error.message : 'unknown error' });
}
