// The research page worker thread (see page-text-pool.ts): one page's HTML to text per job, off the main event loop.
import { serveJobs } from '../../workers/serve-jobs';
import type { HtmlDocument } from './html-text';
import { htmlToText } from './html-text';

export interface PageTextJob {
  html: string;
}

serveJobs<PageTextJob & { id: number }, HtmlDocument>((job) => htmlToText(job.html));
