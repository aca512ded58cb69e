// MSW handlers of the AI configuration screens over an in-memory state reset before every test: language
// models (+ the Test action), corporate data sources (+ sync job, documents with their upload status, retrieval)
// and verification sources. Bodies are checked with the domain schemas; a failed check answers 400 with field
// messages, as the server does.
import { http, HttpResponse } from 'msw';
import {
  ConfigStatus,
  ContentType,
  DataSourceCreateSchema,
  DataSourceDocumentInputSchema,
  DataSourceInputSchema,
  LanguageModelCreateSchema,
  LanguageModelInputSchema,
  LastSyncStatus,
  secretFieldsOf,
  vectorStoreFieldsOf,
  UploadJobStatus,
  VerifierInputSchema,
} from '../domain';
import type { DataSource, DataSourceDocument, Job, LanguageModel, Verifier } from '../domain';
import { buildDataSource, buildDataSourceDocument, buildLanguageModel, buildRetrievalHit, buildVerifier } from './aiConfigBuilders';
import { buildApiError } from './builders';
import { badRequestFromIssues, listResponse, notFound } from './restCollection';
import type { Identified } from './restCollection';
import { buildJob } from './tenancyBuilders';

const NOW = '2026-03-05T12:00:00.000Z';
export const MOCK_PROVIDER_ERROR = '401 Unauthorized: Incorrect API key provided.';
export const MOCK_SYNC_MESSAGE = 'Indexed 2 files (7 chunks).';

interface AiConfigState {
  languageModels: LanguageModel[];
  dataSources: DataSource[];
  documents: DataSourceDocument[];
  verifiers: Verifier[];
  jobs: Map<string, { job: Job; dataSourceId: string }>;
  nextId: number;
}

function initialState(): AiConfigState {
  return {
    languageModels: [
      buildLanguageModel(),
      buildLanguageModel({
        id: 2,
        Name: 'GPT for analysts',
        Provider: 'openai',
        Model: 'gpt-4o-mini',
        ApiKeySet: true,
        GroupIds: ['grp_analysts'],
        ConfigStatus: ConfigStatus.ERROR,
        ConfigMessage: MOCK_PROVIDER_ERROR,
      }),
    ],
    dataSources: [
      buildDataSource(),
      buildDataSource({
        id: 'cdr_crm',
        Name: 'Sales CRM',
        AppId: 26,
        Connection: { InstanceUrl: 'https://crm.example.com', AccessTokenSet: true },
        DocumentCount: 0,
        ChunkCount: 0,
        LastSyncStatus: LastSyncStatus.ERROR,
        LastSyncAt: '2026-03-04T16:20:00.000Z',
        LastSyncMessage: 'Could not reach https://crm.example.com: host not found',
      }),
    ],
    documents: [
      buildDataSourceDocument({ id: 'doc_policies', Name: 'Policies', ContentType: ContentType.FOLDER }),
      buildDataSourceDocument({ id: 'doc_leave', ParentId: 'doc_policies' }),
      buildDataSourceDocument({ id: 'doc_welcome', Name: 'welcome.md', MimeType: 'text/markdown', ChunkCount: 3 }),
    ],
    verifiers: [
      buildVerifier(),
      buildVerifier({
        id: 'ver_external',
        Name: 'Toxicity service',
        MetricTypes: ['toxicity', 'bias'],
        Intensity: 'High',
        ApiVersion: 'v2',
        Action: 'block_response',
        Threshold: 90,
        Endpoint: 'https://verify.example.com/v2/verify',
        ApiKeySet: true,
      }),
    ],
    jobs: new Map(),
    nextId: 1,
  };
}

let state = initialState();

export function resetAiConfigMocks(): void {
  state = initialState();
}
/** Direct access for tests that arrange or inspect the mock server's data. */
export function aiConfigMockState(): AiConfigState {
  return state;
}

const newId = (prefix: string) => `${prefix}_new_${state.nextId++}`;
const conflict = (message: string, errors?: Record<string, string>) => HttpResponse.json(buildApiError(message, errors), { status: 409 });
const replaceIn = <T extends { id: unknown }>(items: T[], next: T) => items.splice(items.findIndex((item) => item.id === next.id), 1, next);

// ---- language models ----

const languageModelHandlers = [
  // Integer ids: the collection helper compares them as they are.
  http.get('/api/v1/language-models', ({ request }) =>
    listResponse('language-models', state.languageModels as unknown as (LanguageModel & Identified)[], new URL(request.url), {
      searchFields: ['Name', 'Model'],
      defaultSort: 'Name',
    }),
  ),
  http.get('/api/v1/language-models/:id', ({ params }) => {
    const model = state.languageModels.find((item) => String(item.id) === params.id);
    return model ? HttpResponse.json(model) : notFound('The language model');
  }),
  http.post('/api/v1/language-models', async ({ request }) => {
    const parsed = LanguageModelCreateSchema.safeParse(await request.json());
    if (!parsed.success) return badRequestFromIssues(parsed.error.issues);
    const { ApiKey, ...fields } = parsed.data;
    if (state.languageModels.some((item) => item.Name === fields.Name)) {
      return conflict('A language model with this name already exists.', { Name: 'A language model with this name already exists' });
    }
    const id = Math.max(0, ...state.languageModels.map((item) => item.id)) + 1;
    const model = buildLanguageModel({ ...fields, id, ApiKeySet: ApiKey !== null, CreatedAt: NOW, UpdatedAt: NOW });
    state.languageModels.push(model);
    return HttpResponse.json(model);
  }),
  http.put('/api/v1/language-models/:id', async ({ params, request }) => {
    const before = state.languageModels.find((item) => String(item.id) === params.id);
    if (!before) return notFound('The language model');
    const parsed = LanguageModelInputSchema.safeParse(await request.json());
    if (!parsed.success) return badRequestFromIssues(parsed.error.issues);
    const { ApiKey, ClearApiKey, ...fields } = parsed.data;
    const after = { ...before, ...fields, ApiKeySet: fields.Provider !== 'demo' && (ApiKey !== null || (!ClearApiKey && before.ApiKeySet)), UpdatedAt: NOW };
    replaceIn(state.languageModels, after);
    return HttpResponse.json(after);
  }),
  http.delete('/api/v1/language-models/:id', ({ params }) => {
    const model = state.languageModels.find((item) => String(item.id) === params.id);
    if (!model) return notFound('The language model');
    state.languageModels = state.languageModels.filter((item) => item !== model);
    return HttpResponse.json(model);
  }),
  /** The demo model answers; any other provider is unreachable from the tests. */
  http.post('/api/v1/language-models/:id/test', ({ params }) => {
    const model = state.languageModels.find((item) => String(item.id) === params.id);
    if (!model) return notFound('The language model');
    const ok = model.Provider === 'demo';
    const after: LanguageModel = {
      ...model,
      ConfigStatus: ok ? ConfigStatus.SUCCESS : ConfigStatus.ERROR,
      ConfigMessage: ok ? `${model.Model} answered: «OK»` : MOCK_PROVIDER_ERROR,
      TestedAt: NOW,
    };
    replaceIn(state.languageModels, after);
    return HttpResponse.json(after);
  }),
];

// ---- data sources ----

function advanceSyncJob(jobId: string): Job | undefined {
  const entry = state.jobs.get(jobId);
  if (!entry) return undefined;
  const { job, dataSourceId } = entry;
  if (job.Status === 'completed' || job.Status === 'failed') return job;
  const Progress = Math.min(100, job.Progress + 50);
  const done = Progress === 100;
  const next: Job = { ...job, Progress, Status: done ? 'completed' : 'running', Message: done ? MOCK_SYNC_MESSAGE : 'Indexing', FinishedAt: done ? NOW : null };
  state.jobs.set(jobId, { job: next, dataSourceId });
  const source = state.dataSources.find((item) => item.id === dataSourceId);
  if (done && source) replaceIn(state.dataSources, { ...source, LastSyncStatus: LastSyncStatus.COMPLETED, LastSyncAt: NOW, LastSyncMessage: MOCK_SYNC_MESSAGE });
  return next;
}

/** Each look at the documents moves a pending upload one step: OPEN → IN_PROGRESS → COMPLETED (or ERROR for "broken" files). */
function advanceUploads(dataSourceId: string): void {
  state.documents = state.documents.map((document) => {
    if (document.DataSourceId !== dataSourceId) return document;
    if (document.UploadStatus === UploadJobStatus.OPEN) return { ...document, UploadStatus: UploadJobStatus.IN_PROGRESS };
    if (document.UploadStatus !== UploadJobStatus.IN_PROGRESS) return document;
    if (document.Name.includes('broken')) return { ...document, UploadStatus: UploadJobStatus.ERROR, Error: 'The file has no readable text.' };
    return { ...document, UploadStatus: UploadJobStatus.COMPLETED, ChunkCount: 1 };
  });
}

function withSecretFlags(appId: DataSource['AppId'], connection: Record<string, string | null>, before?: DataSource): DataSource['Connection'] {
  const result: DataSource['Connection'] = {};
  const secrets = secretFieldsOf(appId);
  for (const [key, value] of Object.entries(connection)) if (!secrets.includes(key)) result[key] = value;
  for (const key of secrets) result[`${key}Set`] = Boolean(connection[key]) || before?.Connection[`${key}Set`] === true;
  return result;
}

/** The RAG settings as the server keeps them: without the forget flag, the store's settings with their key flag. */
function storedRag<T extends Parameters<typeof withStoreFlags>[0]>(rag: T, before?: DataSource) {
  const { ClearStoreApiKey: _clear, ...settings } = rag;
  return { ...settings, Store: withStoreFlags(rag, before) };
}

/** As the server: the store's settings with an `ApiKeySet` flag; an empty key keeps the stored one (same store) unless forgotten. */
function withStoreFlags(rag: { VectorDatabase: DataSource['Rag']['VectorDatabase']; Store: Record<string, string | null>; ClearStoreApiKey: boolean }, before?: DataSource): DataSource['Rag']['Store'] {
  const result: DataSource['Rag']['Store'] = {};
  for (const field of vectorStoreFieldsOf(rag.VectorDatabase)) {
    if (field.Kind === 'secret') result[`${field.Key}Set`] = Boolean(rag.Store[field.Key]) || (!rag.ClearStoreApiKey && before?.Rag.VectorDatabase === rag.VectorDatabase && before.Rag.Store[`${field.Key}Set`] === true);
    else result[field.Key] = rag.Store[field.Key] ?? null;
  }
  return result;
}

export const MOCK_STORE_TEST_MESSAGE = 'Connected to Qdrant: collection policies, Cosine distance, 1536 dimensions, 12 points.';

const dataSourceHandlers = [
  http.get('/api/v1/cdr', ({ request }) => listResponse('cdr', state.dataSources, new URL(request.url), { searchFields: ['Name'], defaultSort: 'Name' })),
  http.get('/api/v1/cdr/:id', ({ params }) => {
    const source = state.dataSources.find((item) => item.id === params.id);
    return source ? HttpResponse.json(source) : notFound('The data source');
  }),
  http.post('/api/v1/cdr', async ({ request }) => {
    const parsed = DataSourceCreateSchema.safeParse(await request.json());
    if (!parsed.success) return badRequestFromIssues(parsed.error.issues);
    if (state.dataSources.some((item) => item.Name === parsed.data.Name)) {
      return conflict('A data source with this name already exists.', { Name: 'A data source with this name already exists' });
    }
    const { Connection, ...fields } = parsed.data;
    const source = buildDataSource({ ...fields, Rag: storedRag(fields.Rag), id: newId('cdr'), Connection: withSecretFlags(fields.AppId, Connection), DocumentCount: 0, ChunkCount: 0, CreatedAt: NOW, UpdatedAt: NOW });
    state.dataSources.push(source);
    return HttpResponse.json(source);
  }),
  http.put('/api/v1/cdr/:id', async ({ params, request }) => {
    const before = state.dataSources.find((item) => item.id === params.id);
    if (!before) return notFound('The data source');
    const parsed = DataSourceInputSchema.safeParse(await request.json());
    if (!parsed.success) return badRequestFromIssues(parsed.error.issues);
    const { Connection, ...fields } = parsed.data;
    const after = { ...before, ...fields, Rag: storedRag(fields.Rag, before), Connection: withSecretFlags(fields.AppId, Connection, before), UpdatedAt: NOW };
    replaceIn(state.dataSources, after);
    return HttpResponse.json(after);
  }),
  http.delete('/api/v1/cdr/:id', ({ params }) => {
    const source = state.dataSources.find((item) => item.id === params.id);
    if (!source) return notFound('The data source');
    state.dataSources = state.dataSources.filter((item) => item !== source);
    state.documents = state.documents.filter((document) => document.DataSourceId !== source.id);
    return HttpResponse.json(source);
  }),
  http.post('/api/v1/cdr/:id/sync', ({ params }) => {
    const source = state.dataSources.find((item) => item.id === params.id);
    if (!source) return notFound('The data source');
    const running = [...state.jobs.values()].some((entry) => entry.dataSourceId === source.id && entry.job.Status === 'running');
    if (running) return conflict('A sync of this data source is already running.');
    const job = buildJob({ id: newId('job'), Type: 'cdr-source-sync' });
    state.jobs.set(job.id, { job, dataSourceId: source.id });
    replaceIn(state.dataSources, { ...source, LastSyncStatus: LastSyncStatus.IN_PROGRESS, LastSyncMessage: null });
    return HttpResponse.json({ message: 'Sync started.', JobId: job.id, LastSyncStatus: LastSyncStatus.IN_PROGRESS }, { status: 202 });
  }),
  http.post('/api/v1/cdr/:id/vector-store/test', ({ params }) => {
    const source = state.dataSources.find((item) => item.id === params.id);
    if (!source) return notFound('The data source');
    if (!source.Rag.Embeddings || source.Rag.VectorDatabase === 5) return HttpResponse.json(buildApiError('This data source keeps its vectors in the embedded index (FAISS) or has embeddings off: there is no vector store to test.'), { status: 400 });
    return HttpResponse.json({ Ok: true, Message: MOCK_STORE_TEST_MESSAGE, TestedAt: NOW });
  }),
  // Jobs of other screens fall through to their own handler.
  http.get('/api/v1/jobs/:id', ({ params }) => {
    const job = advanceSyncJob(String(params.id));
    return job ? HttpResponse.json(job) : undefined;
  }),
  http.get('/api/v1/cdr/:id/search', ({ params, request }) => {
    const q = new URL(request.url).searchParams.get('q')?.trim() ?? '';
    if (!q) return HttpResponse.json(buildApiError('Some fields are not valid.', { q: 'Query is required' }), { status: 400 });
    const words = q.toLowerCase().split(/\s+/);
    // As the server: BM25 alone, or with embeddings on, BM25 and vector hits fused (scores of reciprocal rank fusion).
    const hybrid = state.dataSources.find((item) => item.id === params.id)?.Rag.Embeddings === true;
    const hits = [
      buildRetrievalHit({ DataSourceId: String(params.id), ...(hybrid ? { Score: 0.032787, Source: 'both' as const } : {}) }),
      buildRetrievalHit({ DataSourceId: String(params.id), ChunkId: 'chk_2', Ordinal: 1, DocumentName: 'welcome.md', Text: 'Welcome! Leave requests go to your manager.', Score: hybrid ? 0.016129 : 1.25, Source: hybrid ? 'vector' : 'bm25' }),
    ];
    const matching = hits.filter((hit) => words.some((word) => hit.Text.toLowerCase().includes(word)) || hit.Source === 'vector');
    return HttpResponse.json({ Mode: hybrid ? 'hybrid' : 'bm25', FallbackReason: null, Hits: matching });
  }),
  http.get('/api/v1/cdr/:id/documents', ({ params, request }) => {
    const dataSourceId = String(params.id);
    const rows = state.documents.filter((document) => document.DataSourceId === dataSourceId);
    advanceUploads(dataSourceId);
    return listResponse('documents', rows, new URL(request.url), { searchFields: ['Name'], defaultSort: 'Name' });
  }),
  http.post('/api/v1/cdr/:id/documents', async ({ params, request }) => {
    const source = state.dataSources.find((item) => item.id === params.id);
    if (!source) return notFound('The data source');
    const parsed = DataSourceDocumentInputSchema.safeParse(await request.json());
    if (!parsed.success) return badRequestFromIssues(parsed.error.issues);
    const input = parsed.data;
    const ParentId = input.ParentId ?? null;
    if (state.documents.some((document) => document.DataSourceId === source.id && document.ParentId === ParentId && document.Name === input.Name)) {
      return conflict('A file or folder with this name already exists here.', { Name: 'A file or folder with this name already exists here' });
    }
    const isFile = input.ContentType === ContentType.FILE;
    const document = buildDataSourceDocument({
      id: newId('doc'),
      DataSourceId: source.id,
      ParentId,
      Name: input.Name,
      ContentType: input.ContentType,
      UploadStatus: isFile ? UploadJobStatus.OPEN : null,
      Size: isFile ? Math.floor((input.ContentBase64.length * 3) / 4) : 0,
      MimeType: isFile ? input.MimeType : null,
      ChunkCount: 0,
    });
    state.documents.push(document);
    return HttpResponse.json({ ...document, JobId: isFile ? newId('job') : null });
  }),
  http.delete('/api/v1/cdr/:id/documents/:docId', ({ params }) => {
    const document = state.documents.find((item) => item.id === params.docId && item.DataSourceId === params.id);
    if (!document) return notFound('The document');
    state.documents = state.documents.filter((item) => item !== document && item.ParentId !== document.id);
    return HttpResponse.json(document);
  }),
];

// ---- verifiers ----

const verifierHandlers = [
  http.get('/api/v1/verifiers', ({ request }) => listResponse('verifiers', state.verifiers, new URL(request.url), { searchFields: ['Name'], defaultSort: 'Name' })),
  http.get('/api/v1/verifiers/:id', ({ params }) => {
    const verifier = state.verifiers.find((item) => item.id === params.id);
    return verifier ? HttpResponse.json(verifier) : notFound('The verification source');
  }),
  http.post('/api/v1/verifiers', async ({ request }) => {
    const parsed = VerifierInputSchema.safeParse(await request.json());
    if (!parsed.success) return badRequestFromIssues(parsed.error.issues);
    const { ApiKey, ClearApiKey: _clear, ...fields } = parsed.data;
    if (state.verifiers.some((item) => item.Name === fields.Name)) {
      return conflict('A verification source with this name already exists.', { Name: 'A verification source with this name already exists' });
    }
    const verifier = buildVerifier({ ...fields, id: newId('ver'), ApiKeySet: ApiKey !== null, CreatedAt: NOW, UpdatedAt: NOW });
    state.verifiers.push(verifier);
    return HttpResponse.json(verifier);
  }),
  http.put('/api/v1/verifiers/:id', async ({ params, request }) => {
    const before = state.verifiers.find((item) => item.id === params.id);
    if (!before) return notFound('The verification source');
    const parsed = VerifierInputSchema.safeParse(await request.json());
    if (!parsed.success) return badRequestFromIssues(parsed.error.issues);
    const { ApiKey, ClearApiKey, ...fields } = parsed.data;
    const after = { ...before, ...fields, ApiKeySet: ClearApiKey ? false : ApiKey !== null || before.ApiKeySet, UpdatedAt: NOW };
    replaceIn(state.verifiers, after);
    return HttpResponse.json(after);
  }),
  http.delete('/api/v1/verifiers/:id', ({ params }) => {
    const verifier = state.verifiers.find((item) => item.id === params.id);
    if (!verifier) return notFound('The verification source');
    state.verifiers = state.verifiers.filter((item) => item !== verifier);
    return HttpResponse.json(verifier);
  }),
];

export const aiConfigHandlers = [...languageModelHandlers, ...dataSourceHandlers, ...verifierHandlers];
