// A data source's external vector store, built from its settings with its decrypted key and the guarded fetch;
// null for FAISS (the embedded index) and when embeddings are off.
import { VectorDatabase } from '../../../domain/enums';
import type { VectorDatabaseId } from '../../../domain/schemas/data-sources';
import { isExternalVectorDatabase } from '../../../domain/schemas/data-sources';
import type { OutboundClient } from '../../outbound';
import type { SecretBox } from '../../security/secret-box';
import { parseConnection } from '../data-sources.dto';
import type { DataSourceRow } from '../data-sources.repository';
import { ChromaStore } from './chroma';
import { MilvusStore } from './milvus';
import { PineconeStore } from './pinecone';
import { QdrantStore } from './qdrant';
import type { StoreSettings, VectorStore } from './vector-store';
import { VectorStoreError } from './vector-store';

export type StoreSource = Pick<DataSourceRow, 'id' | 'embeddings_enabled' | 'vector_database' | 'vector_store_json' | 'vector_store_secret_enc' | 'similarity'>;

/** The source's store; null when its vectors stay in the embedded index. Throws `VectorStoreError` when its key cannot be read. */
export type VectorStoreFactory = (source: StoreSource) => VectorStore | null;

/** Bounds of one exchange with a store: a search waits at most this long, a write page too. */
export const STORE_LIMITS = { timeoutMs: 30_000, maxResponseBytes: 16 * 1024 * 1024, maxRedirects: 0 };

const CLIENTS: Record<number, (settings: StoreSettings) => VectorStore> = {
  [VectorDatabase.QDRANT]: (settings) => new QdrantStore(settings),
  [VectorDatabase.PINECONE]: (settings) => new PineconeStore(settings),
  [VectorDatabase.CHROMADB]: (settings) => new ChromaStore(settings),
  [VectorDatabase.MILVUS]: (settings) => new MilvusStore(settings),
};

export function usesExternalStore(source: Pick<StoreSource, 'embeddings_enabled' | 'vector_database'>): boolean {
  return source.embeddings_enabled === 1 && isExternalVectorDatabase(source.vector_database as VectorDatabaseId);
}

export function vectorStoresFrom(secrets: SecretBox, outbound: OutboundClient): VectorStoreFactory {
  const fetch = outbound.fetcher(STORE_LIMITS);
  return (source) => {
    const client = CLIENTS[source.vector_database];
    if (!client || source.embeddings_enabled !== 1) return null;
    let apiKey: string | null = null;
    try {
      apiKey = source.vector_store_secret_enc ? secrets.decrypt(source.vector_store_secret_enc) : null;
    } catch {
      throw new VectorStoreError('The stored vector store key cannot be read (the secrets key has changed); enter the key again.');
    }
    const values: Record<string, string | null> = {};
    for (const [key, value] of Object.entries(parseConnection(source.vector_store_json))) if (typeof value === 'string') values[key] = value;
    return client({ sourceId: source.id, metric: source.similarity === 2 ? 'euclidean' : 'cosine', values, apiKey, fetch });
  };
}

/** The store of a source that uses one; an error (never the embedded index instead) when no factory is at hand. */
export function externalStoreOf(source: StoreSource, stores: VectorStoreFactory | undefined): VectorStore {
  const store = stores?.(source) ?? null;
  if (!store) throw new VectorStoreError('This server has no client for the chosen vector database.');
  return store;
}

/** The key of the vectors a source's store holds: its embedding model, the store's location and the similarity. */
export function storeKeyOf(embedderKey: string, store: VectorStore, source: Pick<StoreSource, 'similarity'>): string {
  return `${embedderKey}|${store.locationKey}|${source.similarity}`;
}
