// The job host thread (job-host.ts): the app on the server's database with jobs on, serving no request.
import { parentPort, workerData } from 'node:worker_threads';
import { buildApp } from '../app';
import type { Config } from '../config';
import { closeWorkerPools } from '../workers/close-pools';
import { openDatabase } from '../db/connection';
import type { JobHostMessage } from './job-host';
import { lowerThisThreadsPriority } from './job-host-priority';

const port = parentPort!;
const tell = (message: JobHostMessage) => port.postMessage(message);
const { config, schema } = workerData as { config: Config; schema?: string };

lowerThisThreadsPriority();

try {
  const db = openDatabase(config.DATABASE_URL, { schema });
  const app = await buildApp({ config: { ...config, JOBS: true, JOBS_THREAD: false }, db, aggregateRollups: false });
  await app.ready();
  port.on('message', (message: { type: string }) => {
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
