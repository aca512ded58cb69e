import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Which chunk ids a source's external store holds, under which key (see migration 0026). */
export class StoreEntriesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Chunks of the source not yet written under this key, in a stable order. */
  pendingChunks(sourceId: string, storeKey: string, limit: number): Promise<{ id: string; text: string }[]> {
    return this.db
      .selectFrom('chunks as c')
      .leftJoin('vector_store_entries as e', (join) => join.onRef('e.chunk_id', '=', 'c.id').on('e.data_source_id', '=', sourceId).on('e.store_key', '=', storeKey))
      .select(['c.id', 'c.text'])
      .where('c.data_source_id', '=', sourceId)
      .where('e.chunk_id', 'is', null)
      .orderBy('c.id')
      .limit(limit)
      .execute();
  }

  async countPending(sourceId: string, storeKey: string): Promise<number> {
    const row = await this.db
      .selectFrom('chunks as c')
      .leftJoin('vector_store_entries as e', (join) => join.onRef('e.chunk_id', '=', 'c.id').on('e.data_source_id', '=', sourceId).on('e.store_key', '=', storeKey))
      .select((eb) => eb.fn.countAll<number>().as('pending'))
      .where('c.data_source_id', '=', sourceId)
      .where('e.chunk_id', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.pending);
  }

  async countStored(sourceId: string, storeKey: string): Promise<number> {
    const row = await this.db
      .selectFrom('vector_store_entries')
      .select((eb) => eb.fn.countAll<number>().as('stored'))
      .where('data_source_id', '=', sourceId)
      .where('store_key', '=', storeKey)
      .executeTakeFirstOrThrow();
    return Number(row.stored);
  }

  /** Entries to remove from the store: written under another key, or whose chunk is gone. */
  async stale(sourceId: string, storeKey: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('vector_store_entries as e')
      .leftJoin('chunks as c', 'c.id', 'e.chunk_id')
      .select('e.chunk_id')
      .where('e.data_source_id', '=', sourceId)
      .where((eb) => eb.or([eb('e.store_key', '<>', storeKey), eb('c.id', 'is', null)]))
      .orderBy('e.chunk_id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.chunk_id);
  }

  async allChunkIds(sourceId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('vector_store_entries').select('chunk_id').where('data_source_id', '=', sourceId).orderBy('chunk_id').execute();
    return rows.map((row) => row.chunk_id);
  }

  /** Of the ids a store answered, those this source wrote under this key (a shared collection may hold others). */
  async known(sourceId: string, storeKey: string, chunkIds: string[]): Promise<Set<string>> {
    if (!chunkIds.length) return new Set();
    const rows = await this.db
      .selectFrom('vector_store_entries')
      .select('chunk_id')
      .where('data_source_id', '=', sourceId)
      .where('store_key', '=', storeKey)
      .where('chunk_id', 'in', chunkIds)
      .execute();
    return new Set(rows.map((row) => row.chunk_id));
  }

  /** Records the written chunks that still exist; answers the ids whose chunk was deleted meanwhile. */
  async record(sourceId: string, storeKey: string, chunkIds: string[]): Promise<string[]> {
    if (!chunkIds.length) return [];
    const existing = new Set((await this.db.selectFrom('chunks').select('id').where('id', 'in', chunkIds).where('data_source_id', '=', sourceId).execute()).map((row) => row.id));
    await this.remove(sourceId, chunkIds);
    const rows = chunkIds.filter((id) => existing.has(id)).map((chunk_id) => ({ data_source_id: sourceId, chunk_id, store_key: storeKey }));
    for (let start = 0; start < rows.length; start += 200) await this.db.insertInto('vector_store_entries').values(rows.slice(start, start + 200)).execute();
    return chunkIds.filter((id) => !existing.has(id));
  }

  async remove(sourceId: string, chunkIds: string[]): Promise<void> {
    for (let start = 0; start < chunkIds.length; start += 500) {
      await this.db.deleteFrom('vector_store_entries').where('data_source_id', '=', sourceId).where('chunk_id', 'in', chunkIds.slice(start, start + 500)).execute();
    }
  }

  async removeAll(sourceId: string): Promise<void> {
    await this.db.deleteFrom('vector_store_entries').where('data_source_id', '=', sourceId).execute();
  }
}
