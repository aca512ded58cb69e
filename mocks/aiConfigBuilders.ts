// Fixture builders of the AI configuration screens: language models, corporate data sources (with their
// documents and retrieval hits) and verification sources. Every output parses with its domain schema.
import {
  ConfigStatus,
  ContentType,
  DataSourceDocumentSchema,
  DataSourceSchema,
  LanguageModelSchema,
  LanguageModelSummarySchema,
  LastSyncStatus,
  RetrievalHitSchema,
  UploadJobStatus,
  VerifierSchema,
} from '../domain';
import type { DataSource, DataSourceDocument, LanguageModel, LanguageModelSummary, RetrievalHit, Verifier } from '../domain';

const CREATED_AT = '2026-03-01T09:00:00.000Z';
const UPDATED_AT = '2026-03-02T10:30:00.000Z';

export function buildLanguageModel(overrides: Partial<LanguageModel> = {}): LanguageModel {
  return LanguageModelSchema.parse({
    id: 1,
    Name: 'Offline demo model',
    Provider: 'demo',
    Model: 'offline-demo',
    BaseUrl: null,
    ApiVersion: null,
    ApiKeySet: false,
    MaxTokens: 1024,
    Temperature: 0.7,
    Vision: false,
    Enabled: true,
    GroupIds: [],
    ConfigStatus: ConfigStatus.UNKNOWN,
    ConfigMessage: null,
    TestedAt: null,
    CreatedAt: CREATED_AT,
    UpdatedAt: UPDATED_AT,
    ...overrides,
  });
}

export function buildLanguageModelSummary(overrides: Partial<LanguageModelSummary> = {}): LanguageModelSummary {
  return LanguageModelSummarySchema.parse({ id: 1, Name: 'Offline demo model', Provider: 'demo', Model: 'offline-demo', MaxTokens: 1024, Temperature: 0.7, Vision: false, ...overrides });
}

export function buildDataSource(overrides: Partial<DataSource> = {}): DataSource {
  return DataSourceSchema.parse({
    id: 'cdr_handbook',
    Name: 'Employee handbook',
    AppId: 0,
    Connection: {},
    Rag: { Embeddings: false, EmbeddingLanguageModelId: null, EmbeddingModelName: null, VectorDatabase: 5, Store: {}, EmbeddingModel: 1, ChunkSize: 2, Similarity: 1, SyncInterval: 1, SyncIntervalUnit: 'd' },
    GroupIds: [],
    Enabled: true,
    LastSyncStatus: LastSyncStatus.UNKNOWN,
    LastSyncAt: null,
    LastSyncMessage: null,
    DocumentCount: 2,
    ChunkCount: 7,
    CreatedAt: CREATED_AT,
    UpdatedAt: UPDATED_AT,
    ...overrides,
  });
}

export function buildDataSourceDocument(overrides: Partial<DataSourceDocument> = {}): DataSourceDocument {
  const isFolder = overrides.ContentType === ContentType.FOLDER;
  return DataSourceDocumentSchema.parse({
    id: 'doc_leave',
    DataSourceId: 'cdr_handbook',
    ParentId: null,
    Name: 'leave-policy.txt',
    ContentType: ContentType.FILE,
    UploadStatus: isFolder ? null : UploadJobStatus.COMPLETED,
    Size: isFolder ? 0 : 2048,
    MimeType: isFolder ? null : 'text/plain',
    ChunkCount: isFolder ? 0 : 4,
    Error: null,
    CreatedAt: CREATED_AT,
    UpdatedAt: UPDATED_AT,
    ...overrides,
  });
}

export function buildRetrievalHit(overrides: Partial<RetrievalHit> = {}): RetrievalHit {
  return RetrievalHitSchema.parse({
    DataSourceId: 'cdr_handbook',
    DataSourceName: 'Employee handbook',
    DocumentId: 'doc_leave',
    DocumentName: 'leave-policy.txt',
    ChunkId: 'chk_1',
    Ordinal: 0,
    Text: 'Employees receive 25 days of paid leave per year.',
    Score: 3.14159,
    Source: 'bm25',
    ...overrides,
  });
}

export function buildVerifier(overrides: Partial<Verifier> = {}): Verifier {
  return VerifierSchema.parse({
    id: 'ver_grounding',
    Name: 'Grounding check',
    MetricTypes: ['hallucination', 'toxicity'],
    Intensity: 'Medium',
    ApiVersion: 'v1',
    Action: 'warn_user',
    Threshold: 70,
    Endpoint: null,
    ApiKeySet: false,
    Enabled: true,
    CreatedAt: CREATED_AT,
    UpdatedAt: UPDATED_AT,
    ...overrides,
  });
}
