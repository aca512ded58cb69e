// Chroma's HTTP API v2 (the one its current JavaScript client speaks): a collection per tenant and database,
// created at the first write with the source's space (cosine or l2), then upsert, query (filtered by the data
// source) and delete by ids. The token goes in `x-chroma-token`, Chroma's token header.
import { call, exchange, failure } from './store-http';
import type { StoreMatch, StorePoint, StoreSettings, VectorStore } from './vector-store';
import { checkedRecently, inBatches, metricName, trimSlash, VectorStoreError } from './vector-store';

const BATCH = 256;

interface CollectionInfo {
  id: string;
  space: string;
  dimension: number | null;
}

export class ChromaStore implements VectorStore {
  readonly label = 'Chroma';
  readonly locationKey: string;
  private readonly base: string;
  private readonly collection: string;
  private readonly space: 'cosine' | 'l2';

  constructor(private readonly settings: StoreSettings) {
    const url = trimSlash(settings.values.Url ?? '');
    const tenant = encodeURIComponent(settings.values.Tenant ?? 'default_tenant');
    const database = encodeURIComponent(settings.values.Database ?? 'default_database');
    this.base = `${url}/api/v2/tenants/${tenant}/databases/${database}`;
    this.collection = settings.values.Collection ?? '';
    this.space = settings.metric === 'cosine' ? 'cosine' : 'l2';
    this.locationKey = `chroma|${this.base}|${this.collection}`;
  }

  async test(signal?: AbortSignal): Promise<string> {
    const info = await this.describe(signal);
    if (!info) return `Connected to Chroma. The collection ${this.collection} does not exist yet: the first sync creates it with space ${this.space}.`;
    this.assertFits(info, null);
    const size = info.dimension === null ? 'no vectors yet' : `${info.dimension} dimensions`;
    return `Connected to Chroma: collection ${this.collection}, space ${info.space}, ${size}.`;
  }

  async upsert(points: StorePoint[], signal?: AbortSignal): Promise<void> {
    if (!points.length) return;
    const info = (await this.describe(signal)) ?? (await this.create(signal));
    this.assertFits(info, points[0]!.vector.length);
    await inBatches(points, BATCH, async (batch) => {
      await this.request('POST', `/collections/${info.id}/upsert`, { ids: batch.map((point) => point.chunkId), embeddings: batch.map((point) => point.vector), metadatas: batch.map(() => ({ data_source_id: this.settings.sourceId })) }, signal);
    });
  }

  async query(vector: number[], k: number, signal?: AbortSignal): Promise<StoreMatch[]> {
    let found: CollectionInfo | null = null;
    await checkedRecently(`${this.locationKey}|${this.space}|${vector.length}`, async () => {
      found = await this.describe(signal);
      if (!found) throw new VectorStoreError(`The Chroma collection ${this.collection} does not exist (sync the data source to create it).`);
      this.assertFits(found, vector.length);
    });
    const info = found ?? (await this.describe(signal));
    if (!info) throw new VectorStoreError(`The Chroma collection ${this.collection} does not exist (sync the data source to create it).`);
    const body = (await this.request('POST', `/collections/${info.id}/query`, { query_embeddings: [vector], n_results: k, where: { data_source_id: this.settings.sourceId }, include: ['distances'] }, signal)) as {
      ids?: unknown[][];
      distances?: (number | null)[][];
    };
    const ids = body.ids?.[0] ?? [];
    const distances = body.distances?.[0] ?? [];
    return ids.flatMap((id, position) => {
      const distance = distances[position];
      if (typeof id !== 'string' || typeof distance !== 'number') return [];
      // Chroma answers distances: 1 − cosine similarity for space cosine, the squared distance for l2.
      return [{ chunkId: id, score: this.space === 'cosine' ? 1 - distance : -Math.sqrt(Math.max(distance, 0)) }];
    });
  }

  async delete(chunkIds: string[], signal?: AbortSignal): Promise<void> {
    if (!chunkIds.length) return;
    const info = await this.describe(signal);
    if (!info) return;
    await inBatches(chunkIds, 1000, async (batch) => {
      await this.request('POST', `/collections/${info.id}/delete`, { ids: batch }, signal);
    });
  }

  private async describe(signal?: AbortSignal): Promise<CollectionInfo | null> {
    const answer = await exchange(this.settings.fetch, this.label, `${this.base}/collections/${encodeURIComponent(this.collection)}`, { method: 'GET', headers: this.headers(), signal }, this.settings.apiKey);
    if (answer.status === 404) return null;
    if (answer.status !== 200) throw failure(this.label, answer, this.settings.apiKey);
    return infoOf(answer.body);
  }

  private async create(signal?: AbortSignal): Promise<CollectionInfo> {
    return infoOf(await this.request('POST', '/collections', { name: this.collection, configuration: { hnsw: { space: this.space } }, get_or_create: true }, signal));
  }

  private assertFits(info: CollectionInfo, dimensions: number | null): void {
    if (info.space !== this.space) {
      throw new VectorStoreError(
        `The Chroma collection ${this.collection} uses space ${info.space}; this data source's similarity is ${metricName(this.settings.metric)} (${this.space}). A collection's space is fixed: choose another collection, or the matching similarity.`,
      );
    }
    if (dimensions !== null && info.dimension !== null && info.dimension !== dimensions) {
      throw new VectorStoreError(`The Chroma collection ${this.collection} holds vectors of ${info.dimension} dimensions; the embedding model makes ${dimensions}. Choose another collection.`);
    }
  }

  private headers(): Record<string, string> {
    return this.settings.apiKey ? { 'x-chroma-token': this.settings.apiKey } : {};
  }

  private request(method: 'GET' | 'POST', path: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
    return call(this.settings.fetch, this.label, `${this.base}${path}`, { method, headers: this.headers(), body, signal }, this.settings.apiKey);
  }
}

/** The collection's id, its space (configuration first, then the older `hnsw:space` metadata; Chroma's default is l2) and dimension. */
function infoOf(body: unknown): CollectionInfo {
  const record = (body ?? {}) as { id?: unknown; dimension?: unknown; configuration_json?: { hnsw?: { space?: unknown } | null }; metadata?: Record<string, unknown> | null };
  if (typeof record.id !== 'string') throw new VectorStoreError('Chroma answered without a collection id.');
  const space = record.configuration_json?.hnsw?.space ?? record.metadata?.['hnsw:space'] ?? 'l2';
  return { id: record.id, space: String(space), dimension: typeof record.dimension === 'number' ? record.dimension : null };
}
