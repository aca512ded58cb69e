// The extraction worker thread (see extraction-pool.ts): one file's text per job, off the main event loop.
import type { ExtractableMimeType } from '../../domain/schemas/data-sources';
import { serveJobs } from '../workers/serve-jobs';
import { extractTextHere } from './text-extraction';

export interface ExtractionJob {
  mimeType: ExtractableMimeType;
  content: Uint8Array;
}

serveJobs<ExtractionJob & { id: number }, string>((job) => extractTextHere(job.mimeType, Buffer.from(job.content.buffer, job.content.byteOffset, job.content.byteLength)));
