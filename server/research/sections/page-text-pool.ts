// A company page's HTML to text in a worker thread: a 512 KB page took 70–170 ms of the event loop on this machine,
// eight pages a search, so twenty searches held chat replies up by seconds in all. The body goes as bytes in a
// transferred buffer: posting it as a string copies it on the main thread (3.5 ms for 220 KB here). Small pages stay
// on the main thread, where a worker's round trip would cost more than the scan.
import { HttpError } from '../../http/errors';
import { WorkerPool } from '../../workers/worker-pool';
import type { HtmlDocument } from './html-text';
import { htmlToText } from './html-text';
import type { PageTextJob } from './page-text-worker';

export const PAGE_TEXT_OFF_THREAD_MIN_BYTES = 16 * 1024;
const PAGE_TEXT_TIME_LIMIT_MS = 5_000;
export const PAGE_TEXT_FAILED = 'The page could not be turned into text in time (too large or too complex).';
export const PAGE_TEXT_BUSY = 'The server is reading many pages at the moment; the page was skipped.';

const pool = new WorkerPool<PageTextJob, HtmlDocument>({
  name: 'page-text-worker',
  sourceDir: new URL('.', import.meta.url),
  timeLimitMs: PAGE_TEXT_TIME_LIMIT_MS,
  heapMb: 256,
  // Pages of the searches the job runner runs at once (8 each): JOBS_PER_TYPE searches fit with room to spare.
  maxQueued: 128,
  timedOut: () => new HttpError(413, PAGE_TEXT_FAILED),
  outOfMemory: () => new HttpError(413, PAGE_TEXT_FAILED),
  busy: () => new HttpError(503, PAGE_TEXT_BUSY),
});

/**
 * The page's title, text and JSON-LD from its body (UTF-8); in the worker pool for a page of
 * PAGE_TEXT_OFF_THREAD_MIN_BYTES or more. The body's buffer is handed over: the caller must not use it afterwards.
 */
export function pageText(body: ArrayBuffer): Promise<HtmlDocument> {
  if (body.byteLength < PAGE_TEXT_OFF_THREAD_MIN_BYTES) return Promise.resolve(htmlToText(new TextDecoder('utf-8').decode(body)));
  return pool.run({ body: new Uint8Array(body) }, [body]);
}

/** Ends the workers (at shutdown). */
export function closePageTextPool(): Promise<void> {
  return pool.close();
}
