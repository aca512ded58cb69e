// The loaded vector indexes, one per data source: read from `chunk_vectors` once and kept until the source's
// `vector_revision` moves (chunks replaced, vectors stored or dropped).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { FlatVectorIndex } from './vector-index';
import { VectorsRepository } from './vectors.repository';

interface CachedIndex {
  revision: number;
  modelKey: string;
  index: FlatVectorIndex | null;
}

const MAX_CACHED_SOURCES = 64;
const cache = new Map<string, CachedIndex>();

/** The source's index of vectors made by `modelKey`; null when none is stored. */
export async function vectorIndexOf(db: Kysely<Database>, source: { id: string; vector_revision: number }, modelKey: string): Promise<FlatVectorIndex | null> {
  const cached = cache.get(source.id);
  if (cached && cached.revision === Number(source.vector_revision) && cached.modelKey === modelKey) {
    // Most recently used last, so the oldest is the one evicted.
    cache.delete(source.id);
    cache.set(source.id, cached);
    return cached.index;
  }
  const stored = await new VectorsRepository(db).load(source.id, modelKey);
  let index: FlatVectorIndex | null = null;
  if (stored.length) {
    index = new FlatVectorIndex(stored[0]!.vector.length, stored.length);
    for (const row of stored) if (row.vector.length === index.dimensions) index.add(row.chunkId, row.vector);
  }
  cache.delete(source.id);
  cache.set(source.id, { revision: Number(source.vector_revision), modelKey, index });
  while (cache.size > MAX_CACHED_SOURCES) cache.delete(cache.keys().next().value!);
  return index;
}
