import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema';
import { decodeVector, encodeVector } from './vector-index';

export interface StoredVector {
  chunkId: string;
  vector: Float32Array;
}

/** The embedded store's rows: one vector per chunk, with the key of the model that made it. */
export class VectorsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Chunks of a source without a vector of this model, in a stable order. */
  pendingChunks(sourceId: string, modelKey: string, limit: number): Promise<{ id: string; text: string }[]> {
    return this.db
      .selectFrom('chunks as c')
      .leftJoin('chunk_vectors as v', (join) => join.onRef('v.chunk_id', '=', 'c.id').on('v.model_key', '=', modelKey))
      .select(['c.id', 'c.text'])
      .where('c.data_source_id', '=', sourceId)
      .where('v.chunk_id', 'is', null)
      .orderBy('c.id')
      .limit(limit)
      .execute();
  }

  async countPending(sourceId: string, modelKey: string): Promise<number> {
    const row = await this.db
      .selectFrom('chunks as c')
      .leftJoin('chunk_vectors as v', (join) => join.onRef('v.chunk_id', '=', 'c.id').on('v.model_key', '=', modelKey))
      .select((eb) => eb.fn.countAll<number>().as('pending'))
      .where('c.data_source_id', '=', sourceId)
      .where('v.chunk_id', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.pending);
  }

  async countStored(sourceId: string, modelKey: string): Promise<number> {
    const row = await this.db
      .selectFrom('chunk_vectors')
      .select((eb) => eb.fn.countAll<number>().as('stored'))
      .where('data_source_id', '=', sourceId)
      .where('model_key', '=', modelKey)
      .executeTakeFirstOrThrow();
    return Number(row.stored);
  }

  /** Stores vectors of chunks that still exist (a file may have been re-indexed meanwhile), replacing older ones. */
  async store(sourceId: string, modelKey: string, vectors: { chunkId: string; vector: number[] }[]): Promise<void> {
    if (!vectors.length) return;
    const ids = vectors.map((entry) => entry.chunkId);
    const existing = new Set((await this.db.selectFrom('chunks').select('id').where('id', 'in', ids).execute()).map((row) => row.id));
    await this.db.deleteFrom('chunk_vectors').where('chunk_id', 'in', ids).execute();
    const rows = vectors
      .filter((entry) => existing.has(entry.chunkId))
      .map((entry) => ({ chunk_id: entry.chunkId, data_source_id: sourceId, model_key: modelKey, dimensions: entry.vector.length, vector: encodeVector(entry.vector) }));
    for (let start = 0; start < rows.length; start += 200) await this.db.insertInto('chunk_vectors').values(rows.slice(start, start + 200)).execute();
    await this.bumpRevision(sourceId);
  }

  /** Drops the vectors of other models (the source's model changed) or all of them (embeddings turned off). */
  async deleteOtherThan(sourceId: string, modelKey: string | null): Promise<void> {
    let query = this.db.deleteFrom('chunk_vectors').where('data_source_id', '=', sourceId);
    if (modelKey !== null) query = query.where('model_key', '<>', modelKey);
    const result = await query.executeTakeFirst();
    if (Number(result.numDeletedRows) > 0) await this.bumpRevision(sourceId);
  }

  async load(sourceId: string, modelKey: string): Promise<StoredVector[]> {
    const rows = await this.db.selectFrom('chunk_vectors').select(['chunk_id', 'vector']).where('data_source_id', '=', sourceId).where('model_key', '=', modelKey).orderBy('chunk_id').execute();
    return rows.map((row) => ({ chunkId: row.chunk_id, vector: decodeVector(row.vector) }));
  }

  async bumpRevision(sourceId: string): Promise<void> {
    await this.db.updateTable('data_sources').set({ vector_revision: sql`vector_revision + 1` }).where('id', '=', sourceId).execute();
  }
}
