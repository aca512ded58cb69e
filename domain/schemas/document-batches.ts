import { z } from 'zod';
import { IdSchema } from './common';
import { MAX_UPLOAD_BYTES } from './data-sources';
import { IsoDateSchema } from './fields';
import { JOB_STATUSES } from './jobs';

// Several files (or a whole folder) uploaded to the built-in store in one multipart request and indexed by one job:
// POST /api/v1/cdr/:id/documents/batch, then GET /api/v1/cdr/:id/documents/batch/:jobId for the per-file outcome.

/** Files in one request; a larger selection is sent as several requests by the console. */
export const MAX_BATCH_FILES = 200;
/** The files of one request together (each file is still limited to MAX_UPLOAD_BYTES). */
export const MAX_BATCH_BYTES = 50 * 1024 * 1024;
/** A file's path inside the uploaded folder, e.g. "policies/travel/2026.md". */
export const MAX_BATCH_PATH_CHARS = 1000;
export const BATCH_TOO_LARGE_MESSAGE = `The files together are larger than ${MAX_BATCH_BYTES / 1024 / 1024} MB; upload them in several parts.`;
export const FILE_TOO_LARGE_MESSAGE = `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`;

export const BATCH_FILE_STATUSES = ['queued', 'extracted', 'indexed', 'failed'] as const;
export type BatchFileStatus = (typeof BATCH_FILE_STATUSES)[number];

/** One file part of the multipart body, as the server read it (its bytes stay on the server). */
export const DocumentBatchFileInputSchema = z.object({
  Path: z
    .string()
    .trim()
    .min(1, 'Every file needs a name')
    .max(MAX_BATCH_PATH_CHARS, `A file path must be at most ${MAX_BATCH_PATH_CHARS} characters`),
  MimeType: z.string().max(100).transform((value) => value.toLowerCase().split(';')[0]!.trim()),
  Size: z.number().int().min(0),
});

/** The multipart body: fields `ParentId` (optional folder) and `file` (repeated; the file name may carry a relative path). */
export const DocumentBatchInputSchema = z
  .object({
    ParentId: z.union([z.literal(''), IdSchema], { error: 'Choose a folder of this data source' }).nullish().transform((value) => value || null),
    Files: z
      .array(DocumentBatchFileInputSchema, { error: 'Choose files to upload' })
      .min(1, 'Choose at least one file to upload')
      .max(MAX_BATCH_FILES, `Upload at most ${MAX_BATCH_FILES} files at once`),
  })
  .refine((value) => value.Files.reduce((sum, file) => sum + file.Size, 0) <= MAX_BATCH_BYTES, { message: BATCH_TOO_LARGE_MESSAGE, path: ['Files'] });
export type DocumentBatchInput = z.output<typeof DocumentBatchInputSchema>;

export const DocumentBatchFileSchema = z.object({
  Path: z.string(),
  Size: z.number().int(),
  Status: z.enum(BATCH_FILE_STATUSES),
  /** The file's document once created (null while queued, and when it failed before). */
  DocumentId: IdSchema.nullable(),
  Error: z.string().nullable(),
});
export type DocumentBatchFile = z.infer<typeof DocumentBatchFileSchema>;

/** A batch and its job: files done (indexed or failed) of the total, each file's outcome in upload order. */
export const DocumentBatchSchema = z.object({
  JobId: IdSchema,
  DataSourceId: IdSchema,
  Status: z.enum(JOB_STATUSES),
  Message: z.string().nullable(),
  Total: z.number().int(),
  Done: z.number().int(),
  Indexed: z.number().int(),
  Failed: z.number().int(),
  Files: z.array(DocumentBatchFileSchema),
  CreatedAt: IsoDateSchema,
});
export type DocumentBatch = z.infer<typeof DocumentBatchSchema>;

export const isBatchFileDone = (status: BatchFileStatus): boolean => status === 'indexed' || status === 'failed';
