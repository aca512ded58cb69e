// The extraction worker thread: turns one file into text per message, off the main event loop. Errors travel back as
// plain data (status, message, field errors); anything unexpected becomes a generic failure.
import { parentPort } from 'node:worker_threads';
import type { UploadMimeType } from '../../domain/schemas/data-sources';
import { HttpError } from '../http/errors';
import { extractTextHere } from './text-extraction';

export interface ExtractionJob {
  id: number;
  mimeType: UploadMimeType;
  content: Uint8Array;
}

export type ExtractionAnswer =
  | { id: number; text: string }
  | { id: number; error: { status: number; message: string; errors?: Record<string, string> } | null };

parentPort?.on('message', (job: ExtractionJob) => {
  const content = Buffer.from(job.content.buffer, job.content.byteOffset, job.content.byteLength);
  extractTextHere(job.mimeType, content).then(
    (text) => parentPort!.postMessage({ id: job.id, text } satisfies ExtractionAnswer),
    (error: unknown) => {
      const known = error instanceof HttpError ? { status: error.statusCode, message: error.message, ...(error.errors ? { errors: error.errors } : {}) } : null;
      parentPort!.postMessage({ id: job.id, error: known } satisfies ExtractionAnswer);
    },
  );
});
