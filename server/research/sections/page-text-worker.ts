// The research page worker thread (see page-text-pool.ts): one page's bytes to text per job, off the main event loop.
import { serveJobs } from '../../workers/serve-jobs';
import type { HtmlDocument } from './html-text';
import { htmlToText } from './html-text';

export interface PageTextJob {
  /** The page's body as received (UTF-8), transferred to the worker: no copy, no decoding on the main thread. */
  body: Uint8Array;
}

serveJobs<PageTextJob & { id: number }, HtmlDocument>((job) => htmlToText(new TextDecoder('utf-8').decode(job.body)));
