// Milvus's RESTful API v2 (/v2/vectordb/…): the collection is created at the first write with a VarChar primary
// key (the chunk id), the data source id and the vector, indexed with the source's metric (COSINE or L2); then
// entities are upserted (so that a write repeated after an interruption leaves no duplicate, which insert would),
// searched with a filter on the data source, and deleted by id. Milvus answers HTTP 200 with a `code`: 0 is success.
import type { StoreMatch, StorePoint, StoreSettings, VectorStore } from './vector-store';
import { checkedRecently, inBatches, metricName, trimSlash, VectorStoreError } from './vector-store';
import { call, plain } from './store-http';

const BATCH = 100;
/** Milvus's code for a collection that does not exist. */
const COLLECTION_NOT_FOUND = 100;

interface CollectionInfo {
  metric: string | null;
  dimension: number | null;
}

export class MilvusStore implements VectorStore {
  readonly label = 'Milvus';
  readonly locationKey: string;
  private readonly base: string;
  private readonly collection: string;
  private readonly database: string | null;
  private readonly metric: 'COSINE' | 'L2';

  constructor(private readonly settings: StoreSettings) {
    this.base = trimSlash(settings.values.Url ?? '');
    this.collection = settings.values.Collection ?? '';
    this.database = settings.values.Database ?? null;
    this.metric = settings.metric === 'cosine' ? 'COSINE' : 'L2';
    this.locationKey = `milvus|${this.base}|${this.database ?? ''}|${this.collection}`;
  }

  async test(signal?: AbortSignal): Promise<string> {
    const info = await this.describe(signal);
    if (!info) {
      await this.request('/v2/vectordb/collections/list', {}, signal);
      return `Connected to Milvus. The collection ${this.collection} does not exist yet: the first sync creates it with metric ${this.metric}.`;
    }
    this.assertFits(info, null);
    return `Connected to Milvus: collection ${this.collection}, metric ${info.metric}, ${info.dimension ?? '?'} dimensions.`;
  }

  async upsert(points: StorePoint[], signal?: AbortSignal): Promise<void> {
    if (!points.length) return;
    const dimensions = points[0]!.vector.length;
    const info = await this.describe(signal);
    if (!info) await this.create(dimensions, signal);
    else this.assertFits(info, dimensions);
    await inBatches(points, BATCH, async (batch) => {
      await this.request('/v2/vectordb/entities/upsert', { data: batch.map((point) => ({ id: point.chunkId, data_source_id: this.settings.sourceId, vector: point.vector })) }, signal);
    });
  }

  async query(vector: number[], k: number, signal?: AbortSignal): Promise<StoreMatch[]> {
    await checkedRecently(`${this.locationKey}|${this.metric}|${vector.length}`, async () => {
      const info = await this.describe(signal);
      if (!info) throw new VectorStoreError(`The Milvus collection ${this.collection} does not exist (sync the data source to create it).`);
      this.assertFits(info, vector.length);
    });
    const body = (await this.request(
      '/v2/vectordb/entities/search',
      { data: [vector], annsField: 'vector', limit: k, filter: `data_source_id == ${JSON.stringify(this.settings.sourceId)}`, outputFields: ['id'], searchParams: { metricType: this.metric } },
      signal,
    )) as { data?: { id?: unknown; distance?: unknown }[] };
    return (body.data ?? []).flatMap((hit) =>
      typeof hit.id === 'string' && typeof hit.distance === 'number'
        ? // COSINE's "distance" is the similarity; L2's is the squared distance.
          [{ chunkId: hit.id, score: this.metric === 'COSINE' ? hit.distance : -Math.sqrt(Math.max(hit.distance, 0)) }]
        : [],
    );
  }

  async delete(chunkIds: string[], signal?: AbortSignal): Promise<void> {
    if (!chunkIds.length || !(await this.describe(signal))) return;
    await inBatches(chunkIds, 500, async (batch) => {
      await this.request('/v2/vectordb/entities/delete', { filter: `id in [${batch.map((id) => JSON.stringify(id)).join(',')}]` }, signal);
    });
  }

  private async describe(signal?: AbortSignal): Promise<CollectionInfo | null> {
    const body = await this.send('/v2/vectordb/collections/describe', {}, signal);
    if (body.code === COLLECTION_NOT_FOUND || (body.code !== 0 && /not (be )?found|can'?t find|does not exist/i.test(String(body.message ?? '')))) return null;
    this.assertOk(body);
    const data = (body.data ?? {}) as { indexes?: { fieldName?: unknown; metricType?: unknown }[]; fields?: { name?: unknown; params?: { key?: unknown; value?: unknown }[] }[] };
    const index = data.indexes?.find((entry) => entry.fieldName === 'vector') ?? data.indexes?.[0];
    const vectorField = data.fields?.find((entry) => entry.name === 'vector');
    const dim = vectorField?.params?.find((param) => param.key === 'dim')?.value;
    return { metric: typeof index?.metricType === 'string' ? index.metricType : null, dimension: dim === undefined ? null : Number(dim) };
  }

  private async create(dimensions: number, signal?: AbortSignal): Promise<void> {
    await this.request(
      '/v2/vectordb/collections/create',
      {
        schema: {
          autoId: false,
          enableDynamicField: false,
          fields: [
            { fieldName: 'id', dataType: 'VarChar', isPrimary: true, elementTypeParams: { max_length: 64 } },
            { fieldName: 'data_source_id', dataType: 'VarChar', elementTypeParams: { max_length: 64 } },
            { fieldName: 'vector', dataType: 'FloatVector', elementTypeParams: { dim: dimensions } },
          ],
        },
        indexParams: [{ fieldName: 'vector', indexName: 'vector', metricType: this.metric, params: { index_type: 'AUTOINDEX' } }],
      },
      signal,
    );
  }

  private assertFits(info: CollectionInfo, dimensions: number | null): void {
    if (info.metric !== this.metric) {
      throw new VectorStoreError(
        `The Milvus collection ${this.collection} is indexed with metric ${info.metric ?? 'none'}; this data source's similarity is ${metricName(this.settings.metric)} (${this.metric}). Choose another collection, or the matching similarity.`,
      );
    }
    if (dimensions !== null && info.dimension !== null && info.dimension !== dimensions) {
      throw new VectorStoreError(`The Milvus collection ${this.collection} holds vectors of ${info.dimension} dimensions; the embedding model makes ${dimensions}. Choose another collection.`);
    }
  }

  private assertOk(body: { code?: unknown; message?: unknown }): void {
    if (body.code === 0 || body.code === undefined) return;
    throw new VectorStoreError(plain(`Milvus answered code ${String(body.code)}: ${String(body.message ?? 'no message')}`, this.settings.apiKey));
  }

  private async request(path: string, body: Record<string, unknown>, signal?: AbortSignal): Promise<{ data?: unknown }> {
    const answer = await this.send(path, body, signal);
    this.assertOk(answer);
    return answer;
  }

  private async send(path: string, body: Record<string, unknown>, signal?: AbortSignal): Promise<{ code?: unknown; message?: unknown; data?: unknown }> {
    const headers: Record<string, string> = this.settings.apiKey ? { authorization: `Bearer ${this.settings.apiKey}` } : {};
    const scoped = { ...(this.database ? { dbName: this.database } : {}), ...(path.endsWith('/list') ? {} : { collectionName: this.collection }), ...body };
    const answer = (await call(this.settings.fetch, this.label, `${this.base}${path}`, { method: 'POST', headers, body: scoped, signal }, this.settings.apiKey)) as Record<string, unknown> | null;
    return answer ?? {};
  }
}
