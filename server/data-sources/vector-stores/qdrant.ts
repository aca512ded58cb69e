// Qdrant's REST API: collections (created at the first write with the source's distance), points upsert, search
// and delete. Point ids must be unsigned integers or UUIDs: a chunk id (24 hex digits) becomes a UUID by padding,
// and the chunk id is kept in the payload with the data source, by which every search is filtered.
import { createHash } from 'node:crypto';
import { call, exchange, failure } from './store-http';
import type { StoreMatch, StorePoint, StoreSettings, VectorStore } from './vector-store';
import { checkedRecently, inBatches, metricName, trimSlash, VectorStoreError } from './vector-store';

const BATCH = 256;

interface CollectionInfo {
  size: number | null;
  distance: string | null;
  points: number | null;
}

export function qdrantPointId(chunkId: string): string {
  const hex = /^[0-9a-f]{24}$/.test(chunkId) ? `${chunkId}00000000` : createHash('sha256').update(chunkId).digest('hex').slice(0, 32);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export class QdrantStore implements VectorStore {
  readonly label = 'Qdrant';
  readonly locationKey: string;
  private readonly base: string;
  private readonly collection: string;
  private readonly distance: 'Cosine' | 'Euclid';

  constructor(private readonly settings: StoreSettings) {
    this.base = trimSlash(settings.values.Url ?? '');
    this.collection = settings.values.Collection ?? '';
    this.distance = settings.metric === 'cosine' ? 'Cosine' : 'Euclid';
    this.locationKey = `qdrant|${this.base}|${this.collection}`;
  }

  async test(signal?: AbortSignal): Promise<string> {
    const info = await this.describe(signal);
    if (!info) {
      await this.request('GET', '/collections', undefined, signal);
      return `Connected to Qdrant. The collection ${this.collection} does not exist yet: the first sync creates it with ${this.distance} distance.`;
    }
    this.assertFits(info, null);
    return `Connected to Qdrant: collection ${this.collection}, ${info.distance} distance, ${info.size ?? '?'} dimensions, ${info.points ?? 0} points.`;
  }

  async upsert(points: StorePoint[], signal?: AbortSignal): Promise<void> {
    if (!points.length) return;
    const dimensions = points[0]!.vector.length;
    const info = await this.describe(signal);
    if (!info) await this.request('PUT', `/collections/${this.name}`, { vectors: { size: dimensions, distance: this.distance } }, signal);
    else this.assertFits(info, dimensions);
    await inBatches(points, BATCH, (batch) =>
      this.request(
        'PUT',
        `/collections/${this.name}/points?wait=true`,
        { points: batch.map((point) => ({ id: qdrantPointId(point.chunkId), vector: point.vector, payload: { data_source_id: this.settings.sourceId, chunk_id: point.chunkId } })) },
        signal,
      ).then(() => undefined),
    );
  }

  async query(vector: number[], k: number, signal?: AbortSignal): Promise<StoreMatch[]> {
    await checkedRecently(`${this.locationKey}|${this.distance}|${vector.length}`, async () => {
      const info = await this.describe(signal);
      if (!info) throw new VectorStoreError(`The Qdrant collection ${this.collection} does not exist (sync the data source to create it).`);
      this.assertFits(info, vector.length);
    });
    const body = (await this.request(
      'POST',
      `/collections/${this.name}/points/search`,
      { vector, limit: k, filter: { must: [{ key: 'data_source_id', match: { value: this.settings.sourceId } }] }, with_payload: ['chunk_id'] },
      signal,
    )) as { result?: { score?: number; payload?: { chunk_id?: unknown } }[] };
    return (body.result ?? []).flatMap((hit) =>
      typeof hit.payload?.chunk_id === 'string' && typeof hit.score === 'number'
        ? // Qdrant's Euclid score is the distance (smaller is closer).
          [{ chunkId: hit.payload.chunk_id, score: this.distance === 'Euclid' ? -hit.score : hit.score }]
        : [],
    );
  }

  async delete(chunkIds: string[], signal?: AbortSignal): Promise<void> {
    if (!chunkIds.length || !(await this.describe(signal))) return;
    await inBatches(chunkIds, 1000, (batch) => this.request('POST', `/collections/${this.name}/points/delete?wait=true`, { points: batch.map(qdrantPointId) }, signal).then(() => undefined));
  }

  private get name(): string {
    return encodeURIComponent(this.collection);
  }

  private async describe(signal?: AbortSignal): Promise<CollectionInfo | null> {
    const answer = await exchange(this.settings.fetch, this.label, `${this.base}/collections/${this.name}`, { method: 'GET', headers: this.headers(), signal }, this.settings.apiKey);
    if (answer.status === 404) return null;
    if (answer.status !== 200) throw failure(this.label, answer, this.settings.apiKey);
    const result = (answer.body as { result?: { points_count?: number; config?: { params?: { vectors?: { size?: number; distance?: string } } } } }).result;
    const vectors = result?.config?.params?.vectors;
    if (vectors && typeof vectors.size !== 'number') {
      throw new VectorStoreError(`The Qdrant collection ${this.collection} has named vectors; use a collection with one unnamed vector per point.`);
    }
    return { size: vectors?.size ?? null, distance: vectors?.distance ?? null, points: result?.points_count ?? null };
  }

  private assertFits(info: CollectionInfo, dimensions: number | null): void {
    if (info.distance !== this.distance) {
      throw new VectorStoreError(
        `The Qdrant collection ${this.collection} measures ${info.distance ?? 'an unknown'} distance; this data source's similarity is ${metricName(this.settings.metric)} (${this.distance}). A collection's distance is fixed: choose another collection, or the matching similarity.`,
      );
    }
    if (dimensions !== null && info.size !== null && info.size !== dimensions) {
      throw new VectorStoreError(`The Qdrant collection ${this.collection} holds vectors of ${info.size} dimensions; the embedding model makes ${dimensions}. Choose another collection.`);
    }
  }

  private headers(): Record<string, string> {
    return this.settings.apiKey ? { 'api-key': this.settings.apiKey } : {};
  }

  private request(method: 'GET' | 'POST' | 'PUT', path: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
    return call(this.settings.fetch, this.label, `${this.base}${path}`, { method, headers: this.headers(), body, signal }, this.settings.apiKey);
  }
}
