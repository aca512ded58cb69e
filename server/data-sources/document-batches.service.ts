import type { Kysely } from 'kysely';
import type { ZodError } from 'zod';
import type { DocumentBatch, DocumentBatchInput } from '../../domain/schemas/document-batches';
import { DocumentBatchInputSchema, FILE_TOO_LARGE_MESSAGE, isBatchFileDone } from '../../domain/schemas/document-batches';
import { ContentType } from '../../domain/enums';
import { MAX_UPLOAD_BYTES } from '../../domain/schemas/data-sources';
import { recordAudit } from '../audit/audit.service';
import type { Principal } from '../auth/principal';
import type { Database } from '../db/schema';
import { newId } from '../db/ids';
import { badRequest, HttpError, notFound } from '../http/errors';
import { readMultipartForm } from '../http/multipart-body';
import { iso } from '../http/rest';
import type { JobRunner } from '../jobs/job-runner';
import { JobsRepository } from '../jobs/jobs.repository';
import { isEmbedded } from './connectors';
import type { BatchFileRow } from './document-batches.repository';
import { DocumentBatchesRepository } from './document-batches.repository';
import { CDR_BATCH_JOB } from './document-batch.job';
import { folderPathOf } from './document-paths';
import { DocumentsRepository } from './documents.repository';
import { findSource, scopeOf } from './documents.service';
import { resolveMimeType } from './text-extraction';

const NO_FILES = 'Choose at least one file to upload.';

/** Several files, or a folder tree, uploaded in one request and indexed by one job (document-batch.job.ts). */
export class DocumentBatchesService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly jobs: JobRunner,
  ) {}

  /**
   * Keeps the files' bytes and queues their job. A file that cannot be taken (too large, a type that cannot be read,
   * no usable name) is recorded as failed with the reason at once; the request itself fails only as a whole (no
   * files, too many, too large together, an unknown folder, not the built-in store).
   */
  async upload(actor: Principal, dataSourceId: string, body: unknown, contentType: string | undefined): Promise<DocumentBatch> {
    const source = await findSource(this.db, actor, dataSourceId);
    if (!isEmbedded(source.app_id)) {
      throw badRequest('Files can only be added to an uploaded-files data source (AppId 0); this one syncs from its service.');
    }
    const form = await readMultipartForm(body, contentType, 'Files', NO_FILES);
    const files = form.getAll('file').filter((value): value is File => typeof value !== 'string');
    const parentField = form.get('ParentId');
    const parsed = DocumentBatchInputSchema.safeParse({
      ParentId: typeof parentField === 'string' ? parentField : null,
      Files: files.map((file) => ({ Path: file.name, MimeType: file.type, Size: file.size })),
    });
    if (!parsed.success) throw invalid(parsed.error);
    const input = parsed.data;
    if (input.ParentId) {
      const parent = await new DocumentsRepository(this.db).findInSource(input.ParentId, dataSourceId);
      if (!parent || parent.content_type !== ContentType.FOLDER) throw badRequest('Some fields are not valid.', { ParentId: 'Choose a folder of this data source' });
    }

    const at = Date.now();
    const jobId = await this.db.transaction().execute(async (trx) => {
      const scope = await scopeOf(trx, source);
      const job = await this.jobs.enqueue(CDR_BATCH_JOB, { dataSourceId, parentId: input.ParentId }, scope, trx);
      const rows = input.Files.map((file, ordinal) => ({ ...admit(file), ordinal, file: files[ordinal]! }));
      await new DocumentBatchesRepository(trx).insertMany(
        await Promise.all(
          rows.map(async (row) => ({
            id: newId(),
            job_id: job.id,
            data_source_id: dataSourceId,
            ordinal: row.ordinal,
            path: row.path,
            mime_type: row.mimeType,
            size: row.file.size,
            content: row.error ? null : new Uint8Array(await row.file.arrayBuffer()),
            status: row.error ? 'failed' : 'queued',
            document_id: null,
            error: row.error,
            created_at: at,
            updated_at: at,
          })),
        ),
      );
      const summary = `Uploaded ${input.Files.length} file${input.Files.length === 1 ? '' : 's'} to data source ${source.name}`;
      await recordAudit(trx, actor, { action: 'create', resource: 'data-source-documents', recordId: job.id, summary });
      return job.id;
    });
    this.jobs.announce();
    return this.get(actor, dataSourceId, jobId);
  }

  /** A batch of the caller's data source: its job's state and each file's outcome. */
  async get(actor: Principal, dataSourceId: string, jobId: string): Promise<DocumentBatch> {
    await findSource(this.db, actor, dataSourceId);
    const files = await new DocumentBatchesRepository(this.db).listOfJob(jobId, dataSourceId);
    const job = files.length ? await new JobsRepository(this.db).findById(jobId) : undefined;
    if (!job) throw notFound('The upload');
    return toBatch(job, dataSourceId, files);
  }
}

/** The file's stored path and type, or why it is refused before any work: the same limits as a single upload. */
function admit(file: DocumentBatchInput['Files'][number]): { path: string; mimeType: string | null; error: string | null } {
  const segments = folderPathOf(file.Path);
  const path = segments.join('/') || file.Path.slice(0, 255);
  if (!segments.length) return { path, mimeType: null, error: 'The file has no usable name.' };
  if (segments.some((segment) => segment.length > 255)) return { path, mimeType: null, error: 'A file or folder name is longer than 255 characters.' };
  if (file.Size > MAX_UPLOAD_BYTES) return { path, mimeType: null, error: FILE_TOO_LARGE_MESSAGE };
  try {
    return { path, mimeType: resolveMimeType(file.MimeType, segments.at(-1)!), error: null };
  } catch (error) {
    if (error instanceof HttpError) return { path, mimeType: null, error: error.message };
    throw error;
  }
}

function toBatch(job: { id: string; status: string; message: string | null; created_at: number }, dataSourceId: string, files: BatchFileRow[]): DocumentBatch {
  const indexed = files.filter((file) => file.status === 'indexed').length;
  const failed = files.filter((file) => file.status === 'failed').length;
  return {
    JobId: job.id,
    DataSourceId: dataSourceId,
    Status: job.status as DocumentBatch['Status'],
    Message: job.message,
    Total: files.length,
    Done: files.filter((file) => isBatchFileDone(file.status as DocumentBatch['Files'][number]['Status'])).length,
    Indexed: indexed,
    Failed: failed,
    Files: files.map((file) => ({
      Path: file.path,
      Size: Number(file.size),
      Status: file.status as DocumentBatch['Files'][number]['Status'],
      DocumentId: file.document_id,
      Error: file.error,
    })),
    CreatedAt: iso(job.created_at),
  };
}

function invalid(error: ZodError): HttpError {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'Files');
    errors[field] ??= issue.message;
  }
  const tooLarge = error.issues.find((issue) => issue.path[0] === 'Files' && issue.path.length === 1 && issue.code === 'custom');
  if (tooLarge) return new HttpError(413, tooLarge.message, { Files: tooLarge.message });
  return badRequest('Some fields are not valid.', errors);
}
