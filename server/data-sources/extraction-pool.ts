// Text extraction off the event loop, in a small worker pool (`server/workers/worker-pool.ts`) with a time limit per
// file and a memory bound per worker. A 200 KB PDF that inflated to 104 MB once blocked the whole server for 15 s while
// it was read on the main thread.
import type { ExtractableMimeType } from '../../domain/schemas/data-sources';
import { EXTRACTION_TIME_LIMIT_MS } from '../../domain/schemas/data-sources';
import { HttpError } from '../http/errors';
import { WorkerPool } from '../workers/worker-pool';
import type { ExtractionJob } from './extraction-worker';

export const EXTRACTION_TIMED_OUT = `The file took longer than ${EXTRACTION_TIME_LIMIT_MS / 1000} seconds to read; it is too large or too complex.`;
export const EXTRACTION_TOO_LARGE = 'The file needs too much memory to read; it is too large or too complex.';
export const EXTRACTION_BUSY = 'The server is reading many files at the moment; try again shortly.';

const pool = new WorkerPool<ExtractionJob, string>({
  name: 'extraction-worker',
  sourceDir: new URL('.', import.meta.url),
  timeLimitMs: EXTRACTION_TIME_LIMIT_MS,
  heapMb: 512,
  maxQueued: 16,
  timedOut: () => new HttpError(413, EXTRACTION_TIMED_OUT),
  outOfMemory: () => new HttpError(413, EXTRACTION_TOO_LARGE),
  busy: () => new HttpError(503, EXTRACTION_BUSY),
});

/** The file's text, read in a worker thread: 413 over a size, page or time limit, 400/415 for what cannot be read. */
export function extractText(mimeType: ExtractableMimeType, content: Buffer): Promise<string> {
  // A copy the worker owns (transferred, not cloned): the caller's buffer may be a slice of a larger one.
  const copy = new Uint8Array(content);
  return pool.run({ mimeType, content: copy }, [copy.buffer]);
}

/** Ends the workers (at shutdown). */
export function closeExtractionPool(): Promise<void> {
  return pool.close();
}
