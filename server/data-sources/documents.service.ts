import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { ContentType } from '../../domain/enums';
import type { DataSourceDocument, DataSourceDocumentInputSchema } from '../../domain/schemas/data-sources';
import { MAX_UPLOAD_BYTES } from '../../domain/schemas/data-sources';
import { recordAudit } from '../audit/audit.service';
import type { Principal } from '../auth/principal';
import { newId } from '../db/ids';
import type { Database } from '../db/schema';
import { orgOf } from '../directory/users.service';
import { badRequest, conflict, HttpError, notFound } from '../http/errors';
import type { JobRunner } from '../jobs/job-runner';
import { isEmbedded } from './connectors';
import { toDocument } from './data-sources.dto';
import type { DataSourceRow } from './data-sources.repository';
import { DataSourcesRepository } from './data-sources.repository';
import type { DocumentListQuery, DocumentRow } from './documents.repository';
import { DocumentsRepository, newDocumentRow } from './documents.repository';
import { CDR_INDEX_JOB } from './source-sync';
import { extractText } from './extraction-pool';
import { resolveMimeType } from './text-extraction';
import { usesExternalStore } from './vector-stores/stores';

type DocumentInput = z.output<typeof DataSourceDocumentInputSchema>;

const RESOURCE = 'data-source-documents';

/** The folder/file tree of a built-in (uploaded files) source; files are indexed by a background job. */
export class DocumentsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly jobs: JobRunner,
  ) {}

  async list(actor: Principal, dataSourceId: string, query: Omit<DocumentListQuery, 'dataSourceId'>) {
    await findSource(this.db, actor, dataSourceId);
    const page = await new DocumentsRepository(this.db).list({ ...query, dataSourceId });
    return { rows: page.rows.map(toDocument), total: page.total };
  }

  async get(actor: Principal, dataSourceId: string, id: string): Promise<DataSourceDocument> {
    await findSource(this.db, actor, dataSourceId);
    return toDocument(await findDocument(this.db, dataSourceId, id));
  }

  async create(actor: Principal, dataSourceId: string, input: DocumentInput): Promise<DataSourceDocument & { JobId: string | null }> {
    const source = await findSource(this.db, actor, dataSourceId);
    if (!isEmbedded(source.app_id)) {
      throw badRequest('Files can only be added to an uploaded-files data source (AppId 0); this one syncs from its service.');
    }
    const parentId = input.ParentId ?? null;
    const file = input.ContentType === ContentType.FILE ? await readUpload(input) : null;
    const id = newId();
    const at = Date.now();
    const created = await this.db.transaction().execute(async (trx) => {
      const documents = new DocumentsRepository(trx);
      if (parentId) {
        const parent = await documents.findInSource(parentId, dataSourceId);
        if (!parent || parent.content_type !== ContentType.FOLDER) throw badRequest('Some fields are not valid.', { ParentId: 'Choose a folder of this data source' });
      }
      if (await documents.nameTaken(dataSourceId, parentId, input.Name)) {
        throw conflict('A file or folder with this name already exists here.', { Name: 'A file or folder with this name already exists here' });
      }
      await documents.insert(newDocumentRow({ id, dataSourceId, parentId, name: input.Name, at }, file ?? undefined, input.ContentType));
      const after = toDocument((await documents.findInSource(id, dataSourceId))!);
      const what = file ? 'file' : 'folder';
      await recordAudit(trx, actor, { action: 'create', resource: RESOURCE, recordId: id, summary: `Added ${what} ${input.Name} to data source ${source.name}`, after });
      return after;
    });
    if (!file) return { ...created, JobId: null };
    const job = await this.jobs.enqueue(CDR_INDEX_JOB, { dataSourceId, documentIds: [id] }, await scopeOf(this.db, source));
    return { ...created, JobId: job.id };
  }

  /** Deletes a file, or a folder with everything in it, and their chunks. */
  async delete(actor: Principal, dataSourceId: string, id: string): Promise<DataSourceDocument> {
    const source = await findSource(this.db, actor, dataSourceId);
    return this.db.transaction().execute(async (trx) => {
      const documents = new DocumentsRepository(trx);
      const before = toDocument(await findDocument(trx, dataSourceId, id));
      const ids = await documents.subtreeIds(id);
      await documents.deleteMany(ids);
      await new DataSourcesRepository(trx).refreshStats(dataSourceId);
      const inside = ids.length > 1 ? ` and the ${ids.length - 1} item(s) in it` : '';
      await recordAudit(trx, actor, { action: 'delete', resource: RESOURCE, recordId: id, summary: `Deleted ${before.Name}${inside} from data source ${source.name}`, before });
      return before;
    }).then(async (deleted) => {
      // An external vector store forgets the deleted chunks in a job (an index job of no file only prunes the store).
      if (usesExternalStore(source)) await this.jobs.enqueue(CDR_INDEX_JOB, { dataSourceId, documentIds: [] }, await scopeOf(this.db, source));
      return deleted;
    });
  }
}

async function readUpload(input: Extract<DocumentInput, { ContentType: 2 }>) {
  const content = Buffer.from(input.ContentBase64, 'base64');
  if (content.length > MAX_UPLOAD_BYTES) throw new HttpError(413, `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);
  const mimeType = resolveMimeType(input.MimeType, input.Name);
  const text = await extractText(mimeType, content);
  return { size: content.length, mimeType, text, hash: createHash('sha256').update(text).digest('hex') };
}

export async function findSource(db: Kysely<Database>, actor: Principal, id: string): Promise<DataSourceRow> {
  const row = await new DataSourcesRepository(db).findInOrganization(id, orgOf(actor));
  if (!row) throw notFound('The data source');
  return row;
}

async function findDocument(db: Kysely<Database>, dataSourceId: string, id: string): Promise<DocumentRow> {
  const row = await new DocumentsRepository(db).findInSource(id, dataSourceId);
  if (!row) throw notFound('The document');
  return row;
}

export async function scopeOf(db: Kysely<Database>, source: DataSourceRow) {
  const organization = await db.selectFrom('organizations').select('customer_id').where('id', '=', source.organization_id).executeTakeFirstOrThrow();
  return { customerId: organization.customer_id, organizationId: source.organization_id };
}
