import type { ChunkSizeId, DataSource, DataSourceAppId, DataSourceDocument, SyncIntervalUnit } from '../../domain/schemas/data-sources';
import { iso, isoOrNull } from '../http/rest';
import type { DataSourceRow } from './data-sources.repository';
import type { DocumentRow } from './documents.repository';

/** The public representation of a source: connection settings with `…Set` flags, never a secret. */
export function toDataSource(row: DataSourceRow, groupIds: string[], documentCount: number): DataSource {
  return {
    id: row.id,
    Name: row.name,
    AppId: row.app_id as DataSourceAppId,
    Connection: parseConnection(row.connection_json),
    Rag: {
      Embeddings: row.embeddings_enabled === 1,
      EmbeddingLanguageModelId: row.embedding_language_model_id,
      EmbeddingModelName: row.embedding_model_name,
      VectorDatabase: row.vector_database as DataSource['Rag']['VectorDatabase'],
      Store: parseConnection(row.vector_store_json),
      EmbeddingModel: row.embedding_model as DataSource['Rag']['EmbeddingModel'],
      ChunkSize: row.chunk_size as ChunkSizeId,
      Similarity: row.similarity as DataSource['Rag']['Similarity'],
      SyncInterval: row.sync_interval,
      SyncIntervalUnit: row.sync_interval_unit as SyncIntervalUnit,
    },
    GroupIds: groupIds,
    Enabled: row.enabled === 1,
    LastSyncStatus: row.last_sync_status as DataSource['LastSyncStatus'],
    LastSyncAt: isoOrNull(row.last_sync_at),
    LastSyncMessage: row.last_sync_message,
    DocumentCount: documentCount,
    ChunkCount: row.chunk_count,
    CreatedAt: iso(row.created_at),
    UpdatedAt: iso(row.updated_at),
  };
}

export function toDocument(row: DocumentRow): DataSourceDocument {
  return {
    id: row.id,
    DataSourceId: row.data_source_id,
    ParentId: row.parent_id,
    Name: row.name,
    ContentType: row.content_type as DataSourceDocument['ContentType'],
    UploadStatus: row.upload_status as DataSourceDocument['UploadStatus'],
    Size: Number(row.size),
    MimeType: row.mime_type,
    ChunkCount: row.chunk_count,
    Error: row.error,
    CreatedAt: iso(row.created_at),
    UpdatedAt: iso(row.updated_at),
  };
}

export function parseConnection(json: string): DataSource['Connection'] {
  try {
    const value = JSON.parse(json) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter((entry): entry is [string, string | boolean | null] => ['string', 'boolean'].includes(typeof entry[1]) || entry[1] === null),
    );
  } catch {
    return {};
  }
}
