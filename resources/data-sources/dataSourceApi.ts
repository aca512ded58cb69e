// The calls of the data-source screens that are not react-admin CRUD: sync, documents, retrieval.
import { z } from 'zod';
import { getJson, postJson } from '../../dataProvider/api';
import { httpClient } from '../../dataProvider/httpClient';
import { API_BASE } from '../../dataProvider/api';
import { DataSourceDocumentCreatedSchema, DataSourceDocumentSchema, DocumentBatchSchema, RetrievalResultSchema, SyncStartedSchema, VectorStoreTestResultSchema } from '../../domain';
import type { DataSourceDocument, DataSourceDocumentInput, DocumentBatch, RetrievalResult } from '../../domain';

/** Every folder and file of a source in one page (the tree is built in the browser). */
const ALL_DOCUMENTS = `range=${encodeURIComponent('[0,999]')}&sort=${encodeURIComponent('["Name","ASC"]')}`;

const path = (sourceId: string, rest = '') => `/cdr/${encodeURIComponent(sourceId)}${rest}`;

/** POST /api/v1/cdr/{id}/sync: answers at once (202) with the job to follow. */
export const startSourceSync = (sourceId: string) => postJson(path(sourceId, '/sync'), {}, SyncStartedSchema);


export const listDocuments = (sourceId: string): Promise<DataSourceDocument[]> => getJson(path(sourceId, `/documents?${ALL_DOCUMENTS}`), z.array(DataSourceDocumentSchema));

export const createDocument = (sourceId: string, input: DataSourceDocumentInput) => postJson(path(sourceId, '/documents'), input, DataSourceDocumentCreatedSchema);

/** POST /api/v1/cdr/{id}/documents/batch: several files (names may carry a folder path) in one multipart request, one job. */
export async function uploadDocumentBatch(sourceId: string, files: readonly { file: File; path: string }[], parentId: string | null): Promise<DocumentBatch> {
  const body = new FormData();
  if (parentId) body.append('ParentId', parentId);
  for (const { file, path: name } of files) body.append('file', file, name);
  const { json } = await httpClient(`${API_BASE}${path(sourceId, '/documents/batch')}`, { method: 'POST', body });
  return DocumentBatchSchema.parse(json);
}

export const getDocumentBatch = (sourceId: string, jobId: string): Promise<DocumentBatch> =>
  getJson(path(sourceId, `/documents/batch/${encodeURIComponent(jobId)}`), DocumentBatchSchema);

export async function deleteDocument(sourceId: string, documentId: string): Promise<void> {
  await httpClient(`/api/v1${path(sourceId, `/documents/${encodeURIComponent(documentId)}`)}`, { method: 'DELETE' });
}

/** POST /api/v1/cdr/{id}/vector-store/test: the saved store settings against the service. */
export const testVectorStore = (sourceId: string) => postJson(path(sourceId, '/vector-store/test'), {}, VectorStoreTestResultSchema);

export const searchSource = (sourceId: string, q: string): Promise<RetrievalResult> => getJson(path(sourceId, `/search?q=${encodeURIComponent(q)}`), RetrievalResultSchema);
