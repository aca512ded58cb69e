// SQLite in WAL mode copies the log back into the database file (a checkpoint, with an fsync) inside whichever commit
// pushes the log past its limit: under load that commit, and the event loop with it, waits for the disk (two thirds
// of the commit time in `npm run bench:gateway`). A worker thread with its own connection checkpoints instead, every
// `everyMs`, PASSIVE (never blocking a writer or a reader); the request path's commits only append to the log. The
// main connection keeps a high automatic limit as a safety net should the worker fall behind or stop.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export const WORKER_CHECKPOINT_EVERY_MS = 200;
/** Pages (4 KB) the log may reach before a commit checkpoints itself after all. */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 10_000;

const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.modulePath);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 1000');
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy or closing: the next round tries again */ }
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* closing */ }
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

export function startCheckpointer(file: string, everyMs = WORKER_CHECKPOINT_EVERY_MS): Checkpointer {
  const modulePath = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, everyMs, modulePath } });
  worker.unref();
  // A failing worker only leaves the checkpoints to the main connection's automatic limit.
  worker.on('error', () => undefined);
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      worker.postMessage('stop');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
      await worker.terminate();
    },
  };
}
