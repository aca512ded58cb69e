import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { BatchFileStatus } from '../../domain/schemas/document-batches';
import type { Database, DocumentBatchFilesTable } from '../db/schema';

/** A file of a batch without its bytes, which only the job reads. */
export type BatchFileRow = Omit<Selectable<DocumentBatchFilesTable>, 'content'>;

const LISTED = ['id', 'job_id', 'data_source_id', 'ordinal', 'path', 'mime_type', 'size', 'status', 'document_id', 'error', 'created_at', 'updated_at'] as const;
const INSERT_BATCH = 50;

export class DocumentBatchesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertMany(rows: Insertable<DocumentBatchFilesTable>[]): Promise<void> {
    for (let start = 0; start < rows.length; start += INSERT_BATCH) {
      await this.db.insertInto('document_batch_files').values(rows.slice(start, start + INSERT_BATCH)).execute();
    }
  }

  /** The files of one job in one data source, in upload order. */
  listOfJob(jobId: string, dataSourceId: string): Promise<BatchFileRow[]> {
    return this.db.selectFrom('document_batch_files').select(LISTED).where('job_id', '=', jobId).where('data_source_id', '=', dataSourceId).orderBy('ordinal').execute();
  }

  async content(id: string): Promise<Buffer | null> {
    const row = await this.db.selectFrom('document_batch_files').select('content').where('id', '=', id).executeTakeFirst();
    return row?.content ? Buffer.from(row.content) : null;
  }

  async update(id: string, changes: Updateable<DocumentBatchFilesTable>): Promise<void> {
    await this.db.updateTable('document_batch_files').set(changes).where('id', '=', id).execute();
  }

  /** Files of a job the job did not finish (it stopped for good): failed with the reason, their bytes dropped. */
  async failUnfinished(jobId: string, message: string, at: number): Promise<string[]> {
    const open: BatchFileStatus[] = ['queued', 'extracted'];
    const rows = await this.db.selectFrom('document_batch_files').select('document_id').where('job_id', '=', jobId).where('status', 'in', open).execute();
    await this.db.updateTable('document_batch_files').set({ status: 'failed', error: message, content: null, updated_at: at }).where('job_id', '=', jobId).where('status', 'in', open).execute();
    return rows.flatMap((row) => (row.document_id ? [row.document_id] : []));
  }
}
