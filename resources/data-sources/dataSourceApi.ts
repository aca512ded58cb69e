// The calls of the data-source screens that are not react-admin CRUD: sync, documents, retrieval.
import { z } from 'zod';
import { getJson, postJson } from '../../dataProvider/api';
import { httpClient } from '../../dataProvider/httpClient';
import { DataSourceDocumentCreatedSchema, DataSourceDocumentSchema, RetrievalResultSchema, SyncStartedSchema, VectorStoreTestResultSchema } from '../../domain';
import type { DataSourceDocument, DataSourceDocumentInput, RetrievalResult } from '../../domain';

/** Every folder and file of a source in one page (the tree is built in the browser). */
const ALL_DOCUMENTS = `range=${encodeURIComponent('[0,999]')}&sort=${encodeURIComponent('["Name","ASC"]')}`;

const path = (sourceId: string, rest = '') => `/cdr/${encodeURIComponent(sourceId)}${rest}`;

/** POST /api/v1/cdr/{id}/sync: answers at once (202) with the job to follow. */
export const startSourceSync = (sourceId: string) => postJson(path(sourceId, '/sync'), {}, SyncStartedSchema);


export const listDocuments = (sourceId: string): Promise<DataSourceDocument[]> => getJson(path(sourceId, `/documents?${ALL_DOCUMENTS}`), z.array(DataSourceDocumentSchema));

export const createDocument = (sourceId: string, input: DataSourceDocumentInput) => postJson(path(sourceId, '/documents'), input, DataSourceDocumentCreatedSchema);

export async function deleteDocument(sourceId: string, documentId: string): Promise<void> {
  await httpClient(`/api/v1${path(sourceId, `/documents/${encodeURIComponent(documentId)}`)}`, { method: 'DELETE' });
}

/** POST /api/v1/cdr/{id}/vector-store/test: the saved store settings against the service. */
export const testVectorStore = (sourceId: string) => postJson(path(sourceId, '/vector-store/test'), {}, VectorStoreTestResultSchema);

export const searchSource = (sourceId: string, q: string): Promise<RetrievalResult> => getJson(path(sourceId, `/search?q=${encodeURIComponent(q)}`), RetrievalResultSchema);
