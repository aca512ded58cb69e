// The job of a multi-file upload: each file's text read in the extraction worker pool, its folders and document
// created, then indexed; one file's failure is recorded on it and never stops the others. Each step is stored per
// file (queued → extracted → indexed | failed), so a job taken up again after a restart goes on where it stopped.
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { ContentType, UploadJobStatus } from '../../domain/enums';
import type { UploadMimeType } from '../../domain/schemas/data-sources';
import type { BatchFileStatus } from '../../domain/schemas/document-batches';
import { isBatchFileDone } from '../../domain/schemas/document-batches';
import type { Database } from '../db/schema';
import { newId } from '../db/ids';
import { HttpError } from '../http/errors';
import type { JobFinisher, JobHandler, JobRunner } from '../jobs/job-runner';
import type { DataSourceRow } from './data-sources.repository';
import { DataSourcesRepository } from './data-sources.repository';
import type { BatchFileRow } from './document-batches.repository';
import { DocumentBatchesRepository } from './document-batches.repository';
import { folderPathOf } from './document-paths';
import { DocumentsRepository, newDocumentRow } from './documents.repository';
import { describeEmbedding, embedSourceChunks } from './embeddings/embed-chunks';
import { DATA_SOURCE_LANE } from './source-sync';
import type { VectorStoreFactory } from './vector-stores/stores';
import type { EmbedderFactory } from './embeddings/source-embedder';
import { extractText } from './extraction-pool';
import { indexDocuments } from './indexer';

export const CDR_BATCH_JOB = 'cdr-upload-batch';

interface BatchPayload {
  dataSourceId: string;
  parentId: string | null;
}

/** How long a file waits, at most, while the extraction pool is full with other uploads. */
const BUSY_RETRY_MS = 1_000;
const BUSY_RETRIES = 60;
const FAILED = 'The file could not be indexed.';
const DELETED = 'The file was deleted before it could be indexed.';

type Progress = (percent: number, message?: string) => Promise<void>;

export function batchJobHandler(embedders: EmbedderFactory, stores?: VectorStoreFactory): JobHandler {
  return async ({ db, job, payload, progress, log, signal }) => {
    const { dataSourceId, parentId } = payload as BatchPayload;
    const source = await new DataSourcesRepository(db).findById(dataSourceId);
    if (!source) return 'The data source was deleted before its files could be indexed.';
    const batches = new DocumentBatchesRepository(db);
    const files = await batches.listOfJob(job.id, dataSourceId);
    const embeds = source.embeddings_enabled === 1;
    const share = embeds ? 50 : 100;
    const tally = () => {
      const indexed = files.filter((file) => file.status === 'indexed').length;
      const failed = files.filter((file) => file.status === 'failed').length;
      return { indexed, failed, done: indexed + failed };
    };
    const report: Progress = async (percent, message) => progress(percent, message);
    const reportFiles = () => {
      const { indexed, failed, done } = tally();
      return report((done / files.length) * share, `${done} of ${files.length} files done: ${indexed} indexed, ${failed} failed`);
    };

    await reportFiles();
    for (const file of files) {
      if (isBatchFileDone(file.status as BatchFileStatus)) continue;
      try {
        if (file.status === 'queued') await extractAndCreate(db, source, parentId, file, () => reportFiles());
        const outcome = await indexDocuments(db, source, [file.document_id!], async () => {});
        const failure = outcome.failed[0]?.message ?? (outcome.indexed ? null : DELETED);
        await settle(batches, file, failure ? 'failed' : 'indexed', failure);
      } catch (error) {
        if (!(error instanceof HttpError)) log.warn({ err: error, path: file.path }, 'a file of an upload could not be indexed');
        await settle(batches, file, 'failed', error instanceof HttpError ? error.message : FAILED);
      }
      await reportFiles();
    }

    const { indexed, failed } = tally();
    let message = `Indexed ${indexed} of ${files.length} file${files.length === 1 ? '' : 's'}`;
    const firstFailure = files.find((file) => file.status === 'failed');
    message += firstFailure ? `; ${failed} failed (${firstFailure.path}: ${firstFailure.error}).` : '.';
    if (embeds && indexed) {
      const embedding = await embedSourceChunks(db, source, embedders, (percent, text) => report(50 + percent / 2, text), signal, stores);
      message = `${message} ${describeEmbedding(embedding)}`;
    }
    return message;
  };
}

async function settle(batches: DocumentBatchesRepository, file: BatchFileRow, status: 'indexed' | 'failed', error: string | null): Promise<void> {
  await batches.update(file.id, { status, error, content: null, updated_at: Date.now() });
  file.status = status;
  file.error = error;
}

/** Reads the file's text, then creates its folders and document and marks the file extracted, in one transaction. */
async function extractAndCreate(db: Kysely<Database>, source: DataSourceRow, parentId: string | null, file: BatchFileRow, keepAlive: () => Promise<void>): Promise<void> {
  const content = await new DocumentBatchesRepository(db).content(file.id);
  if (!content || !file.mime_type) throw new HttpError(400, 'The file’s content was not kept; upload it again.');
  const text = await extractPatiently(file.mime_type as UploadMimeType, content, keepAlive);
  const hash = createHash('sha256').update(text).digest('hex');
  const segments = folderPathOf(file.path);
  const name = segments.pop()!;
  const at = Date.now();
  const documentId = newId();
  await db.transaction().execute(async (trx) => {
    const documents = new DocumentsRepository(trx);
    let folderId = parentId;
    for (const folder of segments) folderId = await ensureFolder(documents, source.id, folderId, folder, at);
    if (await documents.nameTaken(source.id, folderId, name)) throw new HttpError(409, 'A file or folder with this name already exists here.');
    await documents.insert(newDocumentRow({ id: documentId, dataSourceId: source.id, parentId: folderId, name, at }, { size: content.length, mimeType: file.mime_type, text, hash }));
    await new DocumentBatchesRepository(trx).update(file.id, { status: 'extracted', document_id: documentId, content: null, updated_at: at });
  });
  file.status = 'extracted';
  file.document_id = documentId;
}

/** The folder of that name in the parent, created when missing: a folder upload merges into folders already there. */
async function ensureFolder(documents: DocumentsRepository, dataSourceId: string, parentId: string | null, name: string, at: number): Promise<string> {
  const existing = await documents.findChildByName(dataSourceId, parentId, name);
  if (existing?.content_type === ContentType.FOLDER) return existing.id;
  if (existing) throw new HttpError(409, `A file named ${name} is where its folder would go.`);
  const id = newId();
  await documents.insert(newDocumentRow({ id, dataSourceId, parentId, name, at }));
  return id;
}

/** The text, by the same worker pool and limits as a single upload; waits (bounded) while the pool is full. */
async function extractPatiently(mimeType: UploadMimeType, content: Buffer, keepAlive: () => Promise<void>): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await extractText(mimeType, content);
    } catch (error) {
      const busy = error instanceof HttpError && error.statusCode === 503;
      if (!busy || attempt >= BUSY_RETRIES) throw error;
      await keepAlive();
      await sleep(BUSY_RETRY_MS);
    }
  }
}

/** A job that stopped for good (its server kept dying) leaves no file queued and no document "in progress". */
export const finishBatchJob: JobFinisher = async (db, job, outcome) => {
  if (outcome.ok) return;
  const documentIds = await new DocumentBatchesRepository(db).failUnfinished(job.id, outcome.message ?? FAILED, Date.now());
  if (!documentIds.length) return;
  await db
    .updateTable('documents')
    .set({ upload_status: UploadJobStatus.ERROR, error: outcome.message ?? FAILED, updated_at: Date.now() })
    .where('id', 'in', documentIds)
    .where('upload_status', 'in', [UploadJobStatus.OPEN, UploadJobStatus.IN_PROGRESS])
    .execute();
};

export function registerBatchJob(jobs: JobRunner, embedders: EmbedderFactory, stores: VectorStoreFactory): void {
  jobs.register(CDR_BATCH_JOB, batchJobHandler(embedders, stores), finishBatchJob, DATA_SOURCE_LANE);
}
