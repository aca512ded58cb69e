import { z } from 'zod';
import type { LastSyncStatus } from '../enums';
import { ChunkSize, ContentType, DataSourceApp, EmbeddingModel, Similarity, SYNC_INTERVAL_UNITS, UploadJobStatus, VectorDatabase } from '../enums';
import { IdSchema } from './common';
import { idList, IsoDateSchema, requiredText } from './fields';
import { LastSyncStatusSchema } from './tenancy';

// Corporate data sources (/admin/cdr/{AppId?}): where retrieval reads from, how it is chunked, who may read it.

type ValueOf<T> = T[keyof T];
export type DataSourceAppId = ValueOf<typeof DataSourceApp>;
export type VectorDatabaseId = ValueOf<typeof VectorDatabase>;
export type EmbeddingModelId = ValueOf<typeof EmbeddingModel>;
export type ChunkSizeId = ValueOf<typeof ChunkSize>;
export type SimilarityId = ValueOf<typeof Similarity>;
export type SyncIntervalUnit = (typeof SYNC_INTERVAL_UNITS)[number];
export type ContentTypeId = ValueOf<typeof ContentType>;
export type UploadJobStatusId = ValueOf<typeof UploadJobStatus>;

export const DATA_SOURCE_APP_LABELS: Record<DataSourceAppId, string> = {
  0: 'Uploaded files (built in)',
  2: 'Team collaboration suite',
  6: 'Chat workspace',
  7: 'Object storage',
  9: 'Cloud drive',
  26: 'CRM',
  35: 'File sharing',
  37: 'Data warehouse',
  38: 'Data lakehouse',
  39: 'Personal cloud drive',
};
export const VECTOR_DATABASE_LABELS: Record<VectorDatabaseId, string> = { 1: 'Qdrant', 2: 'Pinecone', 3: 'ChromaDB', 4: 'Milvus', 5: 'FAISS' };
export const EMBEDDING_MODEL_LABELS: Record<EmbeddingModelId, string> = {
  1: 'Text embedding',
  2: 'GTE large',
  3: 'GTA base',
  4: 'Cohere embed',
  5: 'BGE base',
  6: 'E5 large',
};
export const CHUNK_SIZE_LABELS: Record<ChunkSizeId, string> = { 1: 'Half a kilobyte', 2: 'One kilobyte', 3: 'Two kilobytes', 4: 'Four kilobytes' };
/** Largest chunk of text, in UTF-8 bytes, for each chunk size. */
export const CHUNK_SIZE_BYTES: Record<ChunkSizeId, number> = { 1: 512, 2: 1024, 3: 2048, 4: 4096 };
/**
 * FAISS is the embedded exact index (server/data-sources/embeddings/vector-index.ts), kept in the database;
 * Qdrant, Pinecone, ChromaDB and Milvus are external services reached with the connection settings of
 * `VECTOR_STORE_FIELDS` (server/data-sources/vector-stores/).
 */
export const EMBEDDED_VECTOR_DATABASE: VectorDatabaseId = VectorDatabase.FAISS;
export const SIMILARITY_LABELS: Record<SimilarityId, string> = { 1: 'Cosine distance', 2: 'Euclidean distance' };
export const SYNC_INTERVAL_UNIT_LABELS: Record<SyncIntervalUnit, string> = { s: 'seconds', m: 'minutes', h: 'hours', d: 'days' };
export const SYNC_INTERVAL_UNIT_SECONDS: Record<SyncIntervalUnit, number> = { s: 1, m: 60, h: 3600, d: 86_400 };
export const CONTENT_TYPE_LABELS: Record<ContentTypeId, string> = { 1: 'Folder', 2: 'File' };
export const UPLOAD_JOB_STATUS_LABELS: Record<UploadJobStatusId, string> = { 1: 'Open', 2: 'In progress', 3: 'Completed', 4: 'Error' };
export const LAST_SYNC_STATUS_LABELS: Record<ValueOf<typeof LastSyncStatus>, string> = { 1: 'Unknown', 2: 'In progress', 3: 'Completed', 4: 'Error' };

/** The smallest scheduled sync interval, so a mistyped "5 s" cannot hammer a service. */
export const MIN_SYNC_INTERVAL_SECONDS = 60;
/** Largest uploaded file, decoded (the JSON body carries it as base64, about a third larger). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Text extraction (uploads to data sources and chats) runs in a worker thread within these bounds. */
export const MAX_PDF_PAGES = 2_000;
/** The PDF's compressed streams together, once inflated: a 200 KB file can expand to gigabytes. */
export const MAX_PDF_INFLATED_BYTES = 64 * 1024 * 1024;
export const MAX_EXTRACTED_TEXT_CHARS = 10 * 1024 * 1024;
export const EXTRACTION_TIME_LIMIT_MS = 20_000;

/** File types the built-in store can turn into text, by MIME type. */
export const UPLOAD_MIME_TYPES = ['text/plain', 'text/markdown', 'text/csv', 'application/json', 'text/html', 'application/pdf'] as const;
export type UploadMimeType = (typeof UPLOAD_MIME_TYPES)[number];
/** Word documents (read with mammoth in the extraction worker); research uploads take them. */
export const DOCX_MIME_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** What the extraction worker reads. */
export type ExtractableMimeType = UploadMimeType | typeof DOCX_MIME_TYPE;
/** A DOCX's zipped parts together, once inflated (the same bound as a PDF's streams). */
export const MAX_DOCX_INFLATED_BYTES = MAX_PDF_INFLATED_BYTES;
/** Parts of a DOCX (a few dozen in a real one). */
export const MAX_DOCX_PARTS = 2_000;

const codes = <T extends number>(values: Record<string, T>) => Object.values(values).map((value) => z.literal(value));
const union = <T extends number>(values: Record<string, T>, message: string) =>
  z.union(codes(values) as [z.ZodLiteral<T>, z.ZodLiteral<T>, ...z.ZodLiteral<T>[]], { error: message }) as unknown as z.ZodType<T>;

export const DataSourceAppSchema = union(DataSourceApp, 'App must be one of 0, 2, 6, 7, 9, 26, 35, 37, 38, 39');
export const VectorDatabaseSchema = union(VectorDatabase, 'Vector database must be 1 (Qdrant) to 5 (FAISS)');
export const EmbeddingModelSchema = union(EmbeddingModel, 'Embedding model must be 1 to 6');
export const ChunkSizeSchema = union(ChunkSize, 'Chunk size must be 1 (512 B), 2 (1 KB), 3 (2 KB) or 4 (4 KB)');
export const SimilaritySchema = union(Similarity, 'Similarity must be 1 (cosine) or 2 (euclidean)');
export const SyncIntervalUnitSchema = z.enum(SYNC_INTERVAL_UNITS, { error: 'Sync interval unit must be s, m, h or d' });
export const ContentTypeSchema = union(ContentType, 'Content type must be 1 (folder) or 2 (file)');
export const UploadJobStatusSchema = union(UploadJobStatus, 'Upload status must be 1 to 4');

// ---- Connection settings, per app ----

export type ConnectionFieldKind = 'text' | 'url' | 'host' | 'email' | 'secret';
export interface ConnectionField {
  /** PascalCase key in `Connection`; a secret's public flag is `${Key}Set`. */
  Key: string;
  Label: string;
  Kind: ConnectionFieldKind;
  Required: boolean;
}

const field = (Key: string, Label: string, Kind: ConnectionFieldKind, Required = true): ConnectionField => ({ Key, Label, Kind, Required });
const endpoint = field('Endpoint', 'API endpoint URL', 'url');

/** What each app needs to connect. App 0 is the built-in store of uploaded files and needs nothing. */
export const CONNECTION_FIELDS: Record<DataSourceAppId, readonly ConnectionField[]> = {
  0: [],
  2: [endpoint, field('TenantId', 'Tenant or domain', 'text'), field('ClientId', 'Client ID', 'text'), field('ClientSecret', 'Client secret', 'secret'), field('SiteName', 'Site name', 'text', false)],
  6: [endpoint, field('Workspace', 'Workspace', 'text'), field('BotToken', 'Bot token', 'secret'), field('Channels', 'Channels (comma-separated)', 'text', false)],
  7: [endpoint, field('Bucket', 'Bucket', 'text'), field('Region', 'Region', 'text'), field('AccessKeyId', 'Access key ID', 'text'), field('SecretAccessKey', 'Secret access key', 'secret'), field('Prefix', 'Key prefix', 'text', false)],
  9: [endpoint, field('Domain', 'Domain', 'host'), field('ClientId', 'Client ID', 'text'), field('ClientSecret', 'Client secret', 'secret'), field('DriveId', 'Drive ID', 'text', false)],
  26: [field('InstanceUrl', 'Instance URL', 'url'), field('AccessToken', 'Access token', 'secret')],
  35: [field('BaseUrl', 'Base URL', 'url'), field('AccessToken', 'Access token', 'secret'), field('RootFolder', 'Root folder', 'text', false)],
  37: [field('Host', 'Host or account', 'host'), field('Database', 'Database', 'text'), field('Schema', 'Schema', 'text', false), field('User', 'User', 'text'), field('Password', 'Password', 'secret')],
  38: [field('Host', 'Host', 'host'), field('Database', 'Catalog or database', 'text'), field('User', 'User', 'text'), field('AccessToken', 'Access token', 'secret')],
  39: [endpoint, field('AccountEmail', 'Account email', 'email'), field('ClientId', 'Client ID', 'text'), field('ClientSecret', 'Client secret', 'secret')],
};

const storeKey = field('ApiKey', 'API key', 'secret', false);

/** What each external vector store needs; FAISS is embedded and needs nothing. `Collection` is created when missing (not Pinecone's index). */
export const VECTOR_STORE_FIELDS: Record<VectorDatabaseId, readonly ConnectionField[]> = {
  1: [field('Url', 'Qdrant URL', 'url'), field('Collection', 'Collection', 'text'), storeKey],
  2: [field('Url', 'Pinecone API URL', 'url'), field('Collection', 'Index name', 'text'), field('Namespace', 'Namespace', 'text', false), field('ApiKey', 'API key', 'secret')],
  3: [field('Url', 'Chroma URL', 'url'), field('Collection', 'Collection', 'text'), field('Tenant', 'Tenant', 'text', false), field('Database', 'Database', 'text', false), field('ApiKey', 'API token', 'secret', false)],
  4: [field('Url', 'Milvus URL', 'url'), field('Collection', 'Collection', 'text'), field('Database', 'Database', 'text', false), field('ApiKey', 'Token (user:password or API key)', 'secret', false)],
  5: [],
};

/** Each service's own rule for collection (index) names, checked before anything is sent. */
const COLLECTION_NAME_RULES: Partial<Record<VectorDatabaseId, { pattern: RegExp; message: string }>> = {
  1: { pattern: /^[A-Za-z0-9_.-]{1,255}$/, message: 'Collection may hold letters, digits, ".", "_" and "-" (at most 255)' },
  2: { pattern: /^[a-z0-9](?:[a-z0-9-]{0,43}[a-z0-9])?$/, message: 'Index name must be lower-case letters, digits and "-" (at most 45), as Pinecone names indexes' },
  3: { pattern: /^[A-Za-z0-9](?:[A-Za-z0-9_.-]{1,510})[A-Za-z0-9]$/, message: 'Collection must be 3 to 512 letters, digits, ".", "_" or "-", starting and ending with a letter or digit' },
  4: { pattern: /^[A-Za-z_][A-Za-z0-9_]{0,254}$/, message: 'Collection must start with a letter or "_" and hold only letters, digits and "_" (at most 255)' },
};

export const vectorStoreFieldsOf = (database: VectorDatabaseId): readonly ConnectionField[] => VECTOR_STORE_FIELDS[database];
export const isExternalVectorDatabase = (database: VectorDatabaseId): boolean => VECTOR_STORE_FIELDS[database].length > 0;

export const connectionFieldsOf = (appId: DataSourceAppId): readonly ConnectionField[] => CONNECTION_FIELDS[appId];
export const secretFieldsOf = (appId: DataSourceAppId): string[] => CONNECTION_FIELDS[appId].filter((f) => f.Kind === 'secret').map((f) => f.Key);

/** https, or plain http only for a service on this machine (development and tests). */
export function isAcceptableServiceUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password || url.hash) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

const HOST_PATTERN = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,62})(\.[a-z0-9]([a-z0-9-]{0,62}))*(:\d{1,5})?$/i;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function connectionValueSchema(spec: ConnectionField, secretsRequired: boolean) {
  const text = z.string({ error: `${spec.Label} must be text` }).trim().max(spec.Kind === 'secret' ? 4000 : 500, `${spec.Label} is too long`);
  const checked =
    spec.Kind === 'url'
      ? text.refine((value) => value === '' || isAcceptableServiceUrl(value), `${spec.Label} must be an https URL`)
      : spec.Kind === 'host'
        ? text.refine((value) => value === '' || HOST_PATTERN.test(value), `${spec.Label} must be a host name such as db.example.com`)
        : spec.Kind === 'email'
          ? text.refine((value) => value === '' || EMAIL_PATTERN.test(value), `${spec.Label} must be an email address`)
          : text;
  const optional = checked.nullish().transform((value) => (value ? value : null));
  // On update a secret may be left out (the stored one is kept); the service checks that one is stored.
  if (!spec.Required || (spec.Kind === 'secret' && !secretsRequired)) return optional;
  return optional.refine((value) => value !== null, `${spec.Label} is required`);
}

export type ConnectionInput = Record<string, string | null>;

function fieldsSchemaOf(fields: readonly ConnectionField[], secretsRequired: boolean): z.ZodType<ConnectionInput> {
  const shape = Object.fromEntries(fields.map((spec) => [spec.Key, connectionValueSchema(spec, secretsRequired)]));
  return z.object(shape) as unknown as z.ZodType<ConnectionInput>;
}

/** The per-app connection schema: known keys only (others are dropped), every message names its field. */
export function connectionSchemaOf(appId: DataSourceAppId, secretsRequired = false): z.ZodType<ConnectionInput> {
  return fieldsSchemaOf(CONNECTION_FIELDS[appId], secretsRequired);
}

/** The vector store's settings schema, the same way; the collection name follows the service's rule. */
export function vectorStoreSchemaOf(database: VectorDatabaseId, secretsRequired = false): z.ZodType<ConnectionInput> {
  const rule = COLLECTION_NAME_RULES[database];
  const base = fieldsSchemaOf(VECTOR_STORE_FIELDS[database], secretsRequired);
  if (!rule) return base;
  return base.superRefine((value, context) => {
    if (value.Collection && !rule.pattern.test(value.Collection)) context.addIssue({ code: 'custom', message: rule.message, path: ['Collection'] });
  }) as unknown as z.ZodType<ConnectionInput>;
}

// ---- Data sources ----

export const RagSettingsSchema = z.object({
  /** On: chunks are embedded at indexing time and retrieval fuses BM25 with vector search. Off: BM25 only. */
  Embeddings: z.boolean({ error: 'Embeddings must be true or false' }).default(false),
  /** The organization's language model whose provider, key and base URL make the embeddings. */
  EmbeddingLanguageModelId: z.number({ error: 'Embedding provider must be a language model id' }).int('Embedding provider must be a language model id').positive('Embedding provider must be a language model id').nullable().default(null),
  /** The model name sent to the provider; empty: the name mapped from the embedding model choice. */
  EmbeddingModelName: z
    .string({ error: 'Embedding model name must be text' })
    .trim()
    .max(200, 'Embedding model name must be at most 200 characters')
    .nullish()
    .transform((value) => (value ? value : null)),
  VectorDatabase: VectorDatabaseSchema.default(VectorDatabase.FAISS),
  /** The external vector store's settings (`VECTOR_STORE_FIELDS`); an empty API key keeps the stored one. */
  Store: z.record(z.string(), z.unknown(), { error: 'Vector store settings must be an object' }).nullish().transform((value) => value ?? {}),
  /** Forgets the store's stored API key (an optional one: a service without authentication); a key entered wins. */
  ClearStoreApiKey: z.boolean({ error: 'Forget the stored API key must be true or false' }).default(false),
  EmbeddingModel: EmbeddingModelSchema.default(EmbeddingModel.TEXT_EMBEDDING),
  ChunkSize: ChunkSizeSchema.default(ChunkSize.KILOBYTE),
  Similarity: SimilaritySchema.default(Similarity.COSINE),
  /** Null: synced only on demand. */
  SyncInterval: z.number({ error: 'Sync interval must be a whole number' }).int('Sync interval must be a whole number').min(1, 'Sync interval must be at least 1').max(100_000, 'Sync interval is too large').nullable().default(1),
  SyncIntervalUnit: SyncIntervalUnitSchema.default('d'),
});
export type RagSettings = z.output<typeof RagSettingsSchema>;

export const DataSourceSchema = z.object({
  id: IdSchema,
  Name: z.string(),
  AppId: DataSourceAppSchema,
  /** Non-secret settings as entered, plus `${Secret}Set: boolean` for each secret; secrets are never returned. */
  Connection: z.record(z.string(), z.union([z.string(), z.boolean(), z.null()])),
  Rag: z.object({
    Embeddings: z.boolean(),
    EmbeddingLanguageModelId: z.number().int().nullable(),
    EmbeddingModelName: z.string().nullable(),
    VectorDatabase: VectorDatabaseSchema,
    /** The external store's settings as entered, plus `ApiKeySet`; the key is never returned. */
    Store: z.record(z.string(), z.union([z.string(), z.boolean(), z.null()])),
    EmbeddingModel: EmbeddingModelSchema,
    ChunkSize: ChunkSizeSchema,
    Similarity: SimilaritySchema,
    SyncInterval: z.number().int().nullable(),
    SyncIntervalUnit: SyncIntervalUnitSchema,
  }),
  /** Groups whose members may read this source; empty means the whole organization. */
  GroupIds: z.array(IdSchema),
  Enabled: z.boolean(),
  LastSyncStatus: LastSyncStatusSchema,
  LastSyncAt: IsoDateSchema.nullable(),
  LastSyncMessage: z.string().nullable(),
  DocumentCount: z.number().int(),
  ChunkCount: z.number().int(),
  CreatedAt: IsoDateSchema,
  UpdatedAt: IsoDateSchema,
});
export type DataSource = z.infer<typeof DataSourceSchema>;

const ragDefaults = RagSettingsSchema.parse({});

function dataSourceInputSchema(secretsRequired: boolean) {
  return z
    .object({
      Name: requiredText('Name', 120),
      AppId: DataSourceAppSchema,
      Connection: z.record(z.string(), z.unknown(), { error: 'Connection must be an object of settings' }).nullish().transform((value) => value ?? {}),
      Rag: RagSettingsSchema.default(ragDefaults),
      GroupIds: idList('Groups').default([]),
      Enabled: z.boolean({ error: 'Enabled must be true or false' }).default(true),
    })
    .superRefine((value, context) => {
      const parsed = connectionSchemaOf(value.AppId, secretsRequired).safeParse(value.Connection);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', message: issue.message, path: ['Connection', ...issue.path] });
      }
      // The store's settings matter only with embeddings on; with them off nothing is checked (nor kept).
      if (value.Rag.Embeddings) {
        const store = vectorStoreSchemaOf(value.Rag.VectorDatabase, secretsRequired).safeParse(value.Rag.Store);
        if (!store.success) {
          for (const issue of store.error.issues) context.addIssue({ code: 'custom', message: issue.message, path: ['Rag', 'Store', ...issue.path] });
        }
      }
      if (value.Rag.Embeddings && value.AppId !== DataSourceApp.NONE) {
        context.addIssue({ code: 'custom', message: 'Embeddings apply to uploaded files (built in); connected apps are not indexed yet', path: ['Rag', 'Embeddings'] });
      }
      if (value.Rag.Embeddings && value.Rag.EmbeddingLanguageModelId === null) {
        context.addIssue({ code: 'custom', message: 'Choose the language model that makes the embeddings', path: ['Rag', 'EmbeddingLanguageModelId'] });
      }
      const { SyncInterval, SyncIntervalUnit } = value.Rag;
      if (SyncInterval !== null && SyncInterval * SYNC_INTERVAL_UNIT_SECONDS[SyncIntervalUnit] < MIN_SYNC_INTERVAL_SECONDS) {
        context.addIssue({ code: 'custom', message: 'Sync interval must be at least 1 minute', path: ['Rag', 'SyncInterval'] });
      }
    })
    .transform((value) => ({
      ...value,
      Connection: connectionSchemaOf(value.AppId).parse(value.Connection),
      Rag: { ...value.Rag, Store: value.Rag.Embeddings ? vectorStoreSchemaOf(value.Rag.VectorDatabase).parse(value.Rag.Store) : {} },
    }));
}

/** Create: every secret of the app is required. Secrets are write-only and stored encrypted. */
export const DataSourceCreateSchema = dataSourceInputSchema(true);
/** Update: an empty or missing secret keeps the stored one (while the AppId stays the same). */
export const DataSourceInputSchema = dataSourceInputSchema(false);
export type DataSourceInput = z.input<typeof DataSourceInputSchema>;
export type DataSourceCreate = z.input<typeof DataSourceCreateSchema>;

// ---- Documents of the built-in store: a tree of folders and files ----

export const DataSourceDocumentSchema = z.object({
  id: IdSchema,
  DataSourceId: IdSchema,
  ParentId: IdSchema.nullable(),
  Name: z.string(),
  ContentType: ContentTypeSchema,
  /** Files only (§4 upload job status); null for folders. */
  UploadStatus: UploadJobStatusSchema.nullable(),
  Size: z.number().int(),
  MimeType: z.string().nullable(),
  ChunkCount: z.number().int(),
  Error: z.string().nullable(),
  CreatedAt: IsoDateSchema,
  UpdatedAt: IsoDateSchema,
});
export type DataSourceDocument = z.infer<typeof DataSourceDocumentSchema>;

/** The created document, and the indexing job of a file (null for a folder). */
export const DataSourceDocumentCreatedSchema = DataSourceDocumentSchema.extend({ JobId: IdSchema.nullable() });

const BASE64_PATTERN = /^[A-Za-z0-9+/]*={0,2}$/;

export const DataSourceDocumentInputSchema = z.discriminatedUnion(
  'ContentType',
  [
    z.object({ ContentType: z.literal(ContentType.FOLDER), Name: requiredText('Name', 255), ParentId: IdSchema.nullish() }),
    z.object({
      ContentType: z.literal(ContentType.FILE),
      Name: requiredText('Name', 255),
      ParentId: IdSchema.nullish(),
      MimeType: requiredText('MIME type', 100).transform((value) => value.toLowerCase().split(';')[0]!.trim()),
      ContentBase64: z
        .string({ error: 'File content is required' })
        .transform((value) => value.replace(/\s+/g, ''))
        .refine((value) => value.length > 0, 'File content is required')
        .refine((value) => value.length % 4 === 0 && BASE64_PATTERN.test(value), 'File content must be base64'),
    }),
  ],
  { error: 'Content type must be 1 (folder) or 2 (file)' },
);
export type DataSourceDocumentInput = z.input<typeof DataSourceDocumentInputSchema>;

export const RetrievalHitSchema = z.object({
  DataSourceId: IdSchema,
  DataSourceName: z.string(),
  DocumentId: IdSchema,
  DocumentName: z.string(),
  ChunkId: IdSchema,
  Ordinal: z.number().int(),
  Text: z.string(),
  /** BM25 score when ranking is BM25 only; the reciprocal-rank-fusion score when hybrid. */
  Score: z.number(),
  /** Which ranking found the hit: BM25, vector search, or both. */
  Source: z.enum(['bm25', 'vector', 'both']),
});
export type RetrievalHit = z.infer<typeof RetrievalHitSchema>;

/** A vector store's Test: whether the service answered as expected, and what it said, in plain words. */
export const VectorStoreTestResultSchema = z.object({
  Ok: z.boolean(),
  Message: z.string(),
  TestedAt: IsoDateSchema,
});
export type VectorStoreTestResult = z.infer<typeof VectorStoreTestResultSchema>;

export const RetrievalResultSchema = z.object({
  /** "hybrid": BM25 and vector results fused; "bm25": BM25 alone (embeddings off, or the fallback). */
  Mode: z.enum(['bm25', 'hybrid']),
  /** Why a source with embeddings on was searched with BM25 alone (its embedding provider failed, or nothing is embedded yet). */
  FallbackReason: z.string().nullable(),
  Hits: z.array(RetrievalHitSchema),
});
export type RetrievalResult = z.infer<typeof RetrievalResultSchema>;
