// MSW handlers of multi-file uploads to the built-in store (POST/GET /api/v1/cdr/:id/documents/batch) over the AI
// configuration mocks' documents: each look at a batch settles its next file, as the job would — indexed (its folders
// and document created), or failed with the server's reasons for an unsupported type or a "broken" file.
import { http, HttpResponse } from 'msw';
import { ContentType, DocumentBatchInputSchema, UploadJobStatus } from '../domain';
import type { DocumentBatch } from '../domain';
import { aiConfigMockState } from './aiConfigHandlers';
import { buildDataSourceDocument } from './aiConfigBuilders';
import { badRequestFromIssues, notFound } from './restCollection';

const NOW = '2026-03-05T12:00:00.000Z';
export const MOCK_UNSUPPORTED = 'Files of type application/octet-stream cannot be indexed. Only text, Markdown, CSV, JSON, HTML and PDF files can be indexed.';
export const MOCK_UNREADABLE = 'The file is not valid JSON.';
const READABLE = /\.(txt|md|markdown|csv|json|html?|pdf)$/i;

let batches = new Map<string, { batch: DocumentBatch; parentId: string | null }>();
let nextId = 1;

export function resetDocumentBatchMocks(): void {
  batches = new Map();
  nextId = 1;
}

/** The id of the folder of that name in the parent, created when missing. */
function folderIn(dataSourceId: string, parentId: string | null, name: string): string {
  const state = aiConfigMockState();
  const existing = state.documents.find((document) => document.DataSourceId === dataSourceId && document.ParentId === parentId && document.Name === name && document.ContentType === ContentType.FOLDER);
  if (existing) return existing.id;
  const folder = buildDataSourceDocument({ id: `doc_batch_${nextId++}`, DataSourceId: dataSourceId, ParentId: parentId, Name: name, ContentType: ContentType.FOLDER });
  state.documents.push(folder);
  return folder.id;
}

function settleNext(entry: { batch: DocumentBatch; parentId: string | null }): DocumentBatch {
  const { batch } = entry;
  const file = batch.Files.find((item) => item.Status === 'queued');
  if (file) {
    if (file.Path.includes('broken')) {
      Object.assign(file, { Status: 'failed', Error: MOCK_UNREADABLE });
    } else {
      const segments = file.Path.split('/');
      const name = segments.pop()!;
      const parentId = segments.reduce<string | null>((parent, folder) => folderIn(batch.DataSourceId, parent, folder), entry.parentId);
      const document = buildDataSourceDocument({ id: `doc_batch_${nextId++}`, DataSourceId: batch.DataSourceId, ParentId: parentId, Name: name, Size: file.Size, ChunkCount: 1, UploadStatus: UploadJobStatus.COMPLETED });
      aiConfigMockState().documents.push(document);
      Object.assign(file, { Status: 'indexed', DocumentId: document.id });
    }
  }
  const indexed = batch.Files.filter((item) => item.Status === 'indexed').length;
  const failed = batch.Files.filter((item) => item.Status === 'failed').length;
  const finished = indexed + failed === batch.Total;
  entry.batch = { ...batch, Indexed: indexed, Failed: failed, Done: indexed + failed, Status: finished ? 'completed' : 'running', Message: finished ? `Indexed ${indexed} of ${batch.Total} files.` : null };
  return entry.batch;
}

export const documentBatchHandlers = [
  http.post('/api/v1/cdr/:id/documents/batch', async ({ params, request }) => {
    const source = aiConfigMockState().dataSources.find((item) => item.id === params.id);
    if (!source) return notFound('The data source');
    const form = await request.formData();
    // Not `instanceof File`: under jsdom the parsed body's File is Node's, not the window's.
    const files = form.getAll('file').filter((value): value is File => typeof value === 'object' && 'size' in value);
    const parentId = form.get('ParentId');
    const parsed = DocumentBatchInputSchema.safeParse({ ParentId: typeof parentId === 'string' ? parentId : null, Files: files.map((file) => ({ Path: file.name, MimeType: file.type, Size: file.size })) });
    if (!parsed.success) return badRequestFromIssues(parsed.error.issues);
    const JobId = `job_batch_${nextId++}`;
    const Files = parsed.data.Files.map((file) => ({
      Path: file.Path,
      Size: file.Size,
      Status: READABLE.test(file.Path) ? ('queued' as const) : ('failed' as const),
      DocumentId: null,
      Error: READABLE.test(file.Path) ? null : MOCK_UNSUPPORTED,
    }));
    const failed = Files.filter((file) => file.Status === 'failed').length;
    const batch: DocumentBatch = { JobId, DataSourceId: source.id, Status: 'queued', Message: null, Total: Files.length, Done: failed, Indexed: 0, Failed: failed, Files, CreatedAt: NOW };
    batches.set(JobId, { batch, parentId: parsed.data.ParentId });
    return HttpResponse.json(batch, { status: 202 });
  }),
  http.get('/api/v1/cdr/:id/documents/batch/:jobId', ({ params }) => {
    const entry = batches.get(String(params.jobId));
    if (!entry || entry.batch.DataSourceId !== params.id) return notFound('The upload');
    return HttpResponse.json(settleNext(entry));
  }),
];
