import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { sql } from 'kysely';
import { ContentType, UploadJobStatus } from '../../domain/enums';
import type { Database, DocumentsTable } from '../db/schema';
import { containsAny } from '../db/like';
import { newId } from '../db/ids';

/** A document without its text, which only the indexer reads. */
export type DocumentRow = Omit<Selectable<DocumentsTable>, 'content_text'>;

const LISTED = [
  'id',
  'data_source_id',
  'parent_id',
  'name',
  'content_type',
  'upload_status',
  'size',
  'mime_type',
  'content_hash',
  'indexed_hash',
  'indexed_chunk_size',
  'chunk_count',
  'error',
  'created_at',
  'updated_at',
] as const;

export const DOCUMENT_SORT = { id: 'id', Name: 'name', ContentType: 'content_type', UploadStatus: 'upload_status', Size: 'size', ChunkCount: 'chunk_count', CreatedAt: 'created_at', UpdatedAt: 'updated_at' } as const;
export type DocumentSortField = keyof typeof DOCUMENT_SORT;

export interface DocumentListQuery {
  dataSourceId: string;
  /** undefined: every document; null: the top level; an id: that folder's children. */
  parentId?: string | null;
  search?: string;
  ids?: string[];
  sortField: DocumentSortField;
  sortOrder: 'asc' | 'desc';
  offset: number;
  limit: number;
}

export interface IndexedChunk {
  text: string;
  tokenCount: number;
  frequencies: Map<string, number>;
}

const INSERT_BATCH = 400;

/** Where a new document goes. */
export interface DocumentPlace {
  id: string;
  dataSourceId: string;
  parentId: string | null;
  name: string;
  at: number;
}

/** A new file's content: its extracted text and that text's hash (null when the file is never re-synced). */
export interface NewFileContent {
  size: number;
  mimeType: string | null;
  text: string;
  hash: string | null;
}

/**
 * The row of a new folder (no content) or file (uploaded, not indexed yet). `contentType` defaults to what the content
 * says; the single upload passes the caller's own.
 */
export function newDocumentRow(place: DocumentPlace, file?: NewFileContent, contentType: Insertable<DocumentsTable>['content_type'] = file ? ContentType.FILE : ContentType.FOLDER): Insertable<DocumentsTable> {
  return {
    id: place.id,
    data_source_id: place.dataSourceId,
    parent_id: place.parentId,
    name: place.name,
    content_type: contentType,
    upload_status: file ? UploadJobStatus.OPEN : null,
    size: file?.size ?? 0,
    mime_type: file?.mimeType ?? null,
    content_text: file?.text ?? null,
    content_hash: file?.hash ?? null,
    indexed_hash: null,
    indexed_chunk_size: null,
    chunk_count: 0,
    error: null,
    created_at: place.at,
    updated_at: place.at,
  };
}

export class DocumentsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(query: DocumentListQuery): Promise<{ rows: DocumentRow[]; total: number }> {
    let base = this.db.selectFrom('documents').where('data_source_id', '=', query.dataSourceId);
    if (query.parentId === null) base = base.where('parent_id', 'is', null);
    else if (query.parentId !== undefined) base = base.where('parent_id', '=', query.parentId);
    if (query.search) base = base.where((eb) => containsAny(eb, ['name'], query.search!));
    if (query.ids) base = base.where('id', 'in', query.ids.length ? query.ids : ['']);
    const [rows, count] = await Promise.all([
      // Folders first, as a file browser shows them.
      base.select(LISTED).orderBy('content_type').orderBy(DOCUMENT_SORT[query.sortField], query.sortOrder).orderBy('id').offset(query.offset).limit(query.limit).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  findInSource(id: string, dataSourceId: string): Promise<DocumentRow | undefined> {
    return this.db.selectFrom('documents').select(LISTED).where('id', '=', id).where('data_source_id', '=', dataSourceId).executeTakeFirst();
  }

  findText(id: string): Promise<{ content_text: string | null; content_hash: string | null } | undefined> {
    return this.db.selectFrom('documents').select(['content_text', 'content_hash']).where('id', '=', id).executeTakeFirst();
  }

  async nameTaken(dataSourceId: string, parentId: string | null, name: string): Promise<boolean> {
    return (await this.findChildByName(dataSourceId, parentId, name)) !== undefined;
  }

  /** The file or folder of that name (case-insensitive) in a folder, or at the top level for a null parent. */
  findChildByName(dataSourceId: string, parentId: string | null, name: string): Promise<{ id: string; content_type: number } | undefined> {
    let query = this.db.selectFrom('documents').select(['id', 'content_type']).where('data_source_id', '=', dataSourceId).where(sql`lower(name)`, '=', name.toLowerCase());
    query = parentId === null ? query.where('parent_id', 'is', null) : query.where('parent_id', '=', parentId);
    return query.executeTakeFirst();
  }

  async insert(row: Insertable<DocumentsTable>): Promise<void> {
    await this.db.insertInto('documents').values(row).execute();
  }

  async update(id: string, changes: Updateable<DocumentsTable>): Promise<void> {
    await this.db.updateTable('documents').set(changes).where('id', '=', id).execute();
  }

  /** The document and everything below it, breadth first. */
  async subtreeIds(rootId: string): Promise<string[]> {
    const all = [rootId];
    let level = [rootId];
    while (level.length) {
      const children = await this.db.selectFrom('documents').select('id').where('parent_id', 'in', level).execute();
      level = children.map((child) => child.id);
      all.push(...level);
    }
    return all;
  }

  /** Deletes documents with their chunks and index entries (children first, so no cascade is relied on). */
  async deleteMany(ids: string[]): Promise<void> {
    for (let start = 0; start < ids.length; start += INSERT_BATCH) {
      const batch = ids.slice(start, start + INSERT_BATCH);
      await this.db.deleteFrom('chunk_terms').where('chunk_id', 'in', (eb) => eb.selectFrom('chunks').select('id').where('document_id', 'in', batch)).execute();
      await this.db.deleteFrom('chunks').where('document_id', 'in', batch).execute();
    }
    for (const id of [...ids].reverse()) await this.db.deleteFrom('documents').where('id', '=', id).execute();
  }

  /** Files whose chunks are missing or stale: never indexed, failed, changed, or cut with another chunk size. */
  async needingIndex(dataSourceId: string, chunkSize: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('documents')
      .select('id')
      .where('data_source_id', '=', dataSourceId)
      .where('content_type', '=', ContentType.FILE)
      .where((eb) =>
        eb.or([
          eb('upload_status', '!=', UploadJobStatus.COMPLETED),
          eb('upload_status', 'is', null),
          eb('indexed_chunk_size', 'is', null),
          eb('indexed_chunk_size', '!=', chunkSize),
          eb('indexed_hash', 'is', null),
          eb('indexed_hash', '!=', eb.ref('content_hash')),
        ]),
      )
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  }

  async countFiles(dataSourceId: string): Promise<number> {
    const row = await this.db
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('data_source_id', '=', dataSourceId)
      .where('content_type', '=', ContentType.FILE)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /** Replaces a document's chunks and their index entries. */
  async replaceChunks(documentId: string, dataSourceId: string, chunks: IndexedChunk[]): Promise<void> {
    await this.db.deleteFrom('chunk_terms').where('chunk_id', 'in', (eb) => eb.selectFrom('chunks').select('id').where('document_id', '=', documentId)).execute();
    await this.db.deleteFrom('chunks').where('document_id', '=', documentId).execute();
    const chunkRows = chunks.map((chunk, ordinal) => ({ id: newId(), data_source_id: dataSourceId, document_id: documentId, ordinal, text: chunk.text, token_count: chunk.tokenCount }));
    for (let start = 0; start < chunkRows.length; start += INSERT_BATCH) {
      await this.db.insertInto('chunks').values(chunkRows.slice(start, start + INSERT_BATCH)).execute();
    }
    const termRows = chunks.flatMap((chunk, index) =>
      [...chunk.frequencies].map(([term, tf]) => ({ term, data_source_id: dataSourceId, chunk_id: chunkRows[index]!.id, tf, chunk_tokens: chunk.tokenCount })),
    );
    for (let start = 0; start < termRows.length; start += INSERT_BATCH) {
      await this.db.insertInto('chunk_terms').values(termRows.slice(start, start + INSERT_BATCH)).execute();
    }
  }
}
