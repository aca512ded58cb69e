// External vector stores (Qdrant, Pinecone, Chroma, Milvus): one interface, one small wire client per service, every
// call through the guarded outbound client. Why not the official JavaScript clients: README.md beside this file.
import type { FetchLike } from '../../outbound';
import type { VectorMetric } from '../embeddings/vector-index';

export interface StorePoint {
  chunkId: string;
  vector: number[];
}

export interface StoreMatch {
  chunkId: string;
  /** Higher is closer: the cosine similarity, or the negated distance (as the embedded index scores). */
  score: number;
}

export interface VectorStore {
  /** The service's name, for messages ("Qdrant"). */
  readonly label: string;
  /** Where the vectors go (URL, collection, namespace…): vectors written elsewhere must be written again. */
  readonly locationKey: string;
  /** Checks the connection and the collection; answers what it found in plain words, or throws `VectorStoreError`. */
  test(signal?: AbortSignal): Promise<string>;
  /** Writes the vectors (creating the collection at the first write where the service allows it). */
  upsert(points: StorePoint[], signal?: AbortSignal): Promise<void>;
  /** The `k` closest chunks of this data source only, closest first. */
  query(vector: number[], k: number, signal?: AbortSignal): Promise<StoreMatch[]>;
  delete(chunkIds: string[], signal?: AbortSignal): Promise<void>;
}

/** What a store client needs: the source it writes for, its similarity, settings and key, and the guarded fetch. */
export interface StoreSettings {
  sourceId: string;
  metric: VectorMetric;
  values: Record<string, string | null>;
  apiKey: string | null;
  fetch: FetchLike;
}

/** A store's failure in plain words (never the key); retrieval falls back to BM25 with it as the reason. */
export class VectorStoreError extends Error {
  override readonly name = 'VectorStoreError';
}

export const trimSlash = (url: string): string => url.replace(/\/+$/, '');

export const metricName = (metric: VectorMetric): string => (metric === 'cosine' ? 'cosine' : 'Euclidean');

/** Writes in pages the services accept (each has a request size limit). */
export async function inBatches<T>(items: T[], size: number, write: (batch: T[]) => Promise<void>): Promise<void> {
  for (let start = 0; start < items.length; start += size) await write(items.slice(start, start + size));
}

/**
 * Collections whose distance and dimensions were checked lately, so a search does not ask again each time
 * (a collection's distance cannot change; a deleted and re-created one is caught within a minute).
 */
const checked = new Map<string, number>();
const CHECK_TTL_MS = 60_000;

export async function checkedRecently(key: string, check: () => Promise<void>): Promise<void> {
  const until = checked.get(key);
  if (until !== undefined && until > Date.now()) return;
  await check();
  checked.set(key, Date.now() + CHECK_TTL_MS);
  if (checked.size > 1000) checked.delete(checked.keys().next().value!);
}

export function forgetChecks(): void {
  checked.clear();
}
