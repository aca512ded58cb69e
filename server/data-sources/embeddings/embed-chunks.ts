// The indexing step after chunking: every chunk of a source without a vector of its current model is embedded,
// a page at a time (each page stored in its own transaction, so a restarted job goes on where it stopped).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DataSourceRow } from '../data-sources.repository';
import type { ProgressReport } from '../indexer';
import type { EmbedderFactory } from './source-embedder';
import { VectorsRepository } from './vectors.repository';

const PAGE = 256;

export interface EmbeddingOutcome {
  embedded: number;
  /** Why embedding stopped; BM25 keeps working meanwhile. */
  error: string | null;
}

export async function embedSourceChunks(db: Kysely<Database>, source: DataSourceRow, embedders: EmbedderFactory, report: ProgressReport, signal?: AbortSignal): Promise<EmbeddingOutcome> {
  let embedded = 0;
  try {
    const embedder = await embedders(db, source);
    const vectors = new VectorsRepository(db);
    await vectors.deleteOtherThan(source.id, embedder.key);
    const total = await vectors.countPending(source.id, embedder.key);
    // Bounded: each page stores a vector for every chunk it read or the chunk is gone, so pages never repeat.
    for (let page = 0; page <= Math.ceil(total / PAGE) + 1 && embedded < total; page++) {
      const chunks = await vectors.pendingChunks(source.id, embedder.key, PAGE);
      if (!chunks.length) break;
      await report((embedded / Math.max(total, 1)) * 100, `Embedding passages (${embedded} of ${total})`);
      const made = await embedder.embedDocuments(chunks.map((chunk) => chunk.text), signal);
      await db.transaction().execute((trx) => new VectorsRepository(trx).store(source.id, embedder.key, chunks.map((chunk, index) => ({ chunkId: chunk.id, vector: made[index]! }))));
      embedded += chunks.length;
    }
    return { embedded, error: null };
  } catch (error) {
    return { embedded, error: error instanceof Error ? error.message : 'Embedding failed' };
  }
}

export function describeEmbedding(outcome: EmbeddingOutcome): string {
  if (outcome.error) return `Embedding failed after ${outcome.embedded} passage${outcome.embedded === 1 ? '' : 's'} (${outcome.error}); retrieval uses BM25 alone for the rest until the next sync.`;
  return `Embedded ${outcome.embedded} passage${outcome.embedded === 1 ? '' : 's'}.`;
}
