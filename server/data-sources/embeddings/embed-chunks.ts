// The indexing step after chunking: every chunk of a source without a vector of its current model is embedded,
// a page at a time (each page stored in its own transaction, so a restarted job goes on where it stopped), into
// the embedded index (`chunk_vectors`) or the source's external store (its entries recorded in
// `vector_store_entries`, after the ids of deleted chunks and of another model are removed from the store).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DataSourceRow } from '../data-sources.repository';
import type { ProgressReport } from '../indexer';
import { StoreEntriesRepository } from '../vector-stores/entries.repository';
import type { VectorStoreFactory } from '../vector-stores/stores';
import { externalStoreOf, storeKeyOf, usesExternalStore } from '../vector-stores/stores';
import type { VectorStore } from '../vector-stores/vector-store';
import type { EmbedderFactory } from './source-embedder';
import { VectorsRepository } from './vectors.repository';

const PAGE = 256;

export interface EmbeddingOutcome {
  embedded: number;
  /** Why embedding stopped; BM25 keeps working meanwhile. */
  error: string | null;
  /** The external store written to; null: the embedded index. */
  store?: string | null;
}

/** Where a source's vectors go. */
interface VectorTarget {
  prune(signal?: AbortSignal): Promise<void>;
  countPending(): Promise<number>;
  pendingChunks(limit: number): Promise<{ id: string; text: string }[]>;
  store(chunks: { id: string }[], vectors: number[][], signal?: AbortSignal): Promise<void>;
}

function embeddedTarget(db: Kysely<Database>, sourceId: string, modelKey: string): VectorTarget {
  const vectors = new VectorsRepository(db);
  return {
    prune: () => vectors.deleteOtherThan(sourceId, modelKey),
    countPending: () => vectors.countPending(sourceId, modelKey),
    pendingChunks: (limit) => vectors.pendingChunks(sourceId, modelKey, limit),
    store: (chunks, made) =>
      db.transaction().execute((trx) => new VectorsRepository(trx).store(sourceId, modelKey, chunks.map((chunk, index) => ({ chunkId: chunk.id, vector: made[index]! })))),
  };
}

function externalTarget(db: Kysely<Database>, sourceId: string, storeKey: string, store: VectorStore): VectorTarget {
  const entries = new StoreEntriesRepository(db);
  return {
    async prune(signal) {
      // Bounded: each round removes the entries it read, so none is read twice.
      for (let round = 0; round < 10_000; round++) {
        const stale = await entries.stale(sourceId, storeKey, 1000);
        if (!stale.length) return;
        await store.delete(stale, signal);
        await entries.remove(sourceId, stale);
      }
    },
    countPending: () => entries.countPending(sourceId, storeKey),
    pendingChunks: (limit) => entries.pendingChunks(sourceId, storeKey, limit),
    async store(chunks, made, signal) {
      await store.upsert(chunks.map((chunk, index) => ({ chunkId: chunk.id, vector: made[index]! })), signal);
      const gone = await db.transaction().execute((trx) => new StoreEntriesRepository(trx).record(sourceId, storeKey, chunks.map((chunk) => chunk.id)));
      // A file re-indexed while its passages were embedded: the store forgets its old chunks at once.
      if (gone.length) await store.delete(gone, signal);
    },
  };
}

export async function embedSourceChunks(db: Kysely<Database>, source: DataSourceRow, embedders: EmbedderFactory, report: ProgressReport, signal?: AbortSignal, stores?: VectorStoreFactory): Promise<EmbeddingOutcome> {
  let embedded = 0;
  let storeLabel: string | null = null;
  try {
    const embedder = await embedders(db, source);
    const store = usesExternalStore(source) ? externalStoreOf(source, stores) : null;
    storeLabel = store?.label ?? null;
    const target = store ? externalTarget(db, source.id, storeKeyOf(embedder.key, store, source), store) : embeddedTarget(db, source.id, embedder.key);
    await target.prune(signal);
    const total = await target.countPending();
    // Bounded: each page stores a vector for every chunk it read or the chunk is gone, so pages never repeat.
    for (let page = 0; page <= Math.ceil(total / PAGE) + 1 && embedded < total; page++) {
      const chunks = await target.pendingChunks(PAGE);
      if (!chunks.length) break;
      await report((embedded / Math.max(total, 1)) * 100, `Embedding passages (${embedded} of ${total})${store ? ` into ${store.label}` : ''}`);
      const made = await embedder.embedDocuments(chunks.map((chunk) => chunk.text), signal);
      await target.store(chunks, made, signal);
      embedded += chunks.length;
    }
    return { embedded, error: null, store: storeLabel };
  } catch (error) {
    return { embedded, error: error instanceof Error ? error.message : 'Embedding failed', store: storeLabel };
  }
}

export function describeEmbedding(outcome: EmbeddingOutcome): string {
  const into = outcome.store ? ` into ${outcome.store}` : '';
  if (outcome.error) return `Embedding failed after ${outcome.embedded} passage${outcome.embedded === 1 ? '' : 's'}${into} (${outcome.error}); retrieval uses BM25 alone for the rest until the next sync.`;
  return `Embedded ${outcome.embedded} passage${outcome.embedded === 1 ? '' : 's'}${into}.`;
}
