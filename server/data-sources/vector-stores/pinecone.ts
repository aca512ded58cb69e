// Pinecone: the index is described on the control plane (GET /indexes/{name}: its host, metric and dimension),
// vectors are written and searched on the index's own host (/vectors/upsert, /query, /vectors/delete). Pinecone
// fixes the metric and dimension when the index is created (which needs a cloud and region chosen by its owner),
// so the console never creates one: it refuses an index whose metric or dimension does not match, saying why.
import { call, exchange, failure } from './store-http';
import type { StoreMatch, StorePoint, StoreSettings, VectorStore } from './vector-store';
import { checkedRecently, inBatches, metricName, trimSlash, VectorStoreError } from './vector-store';

/** The API version the requests are written for (headers and shapes). */
export const PINECONE_API_VERSION = '2025-04';
/** Pinecone accepts up to 2 MB a request: 100 vectors of 1536 floats as JSON stay below it. */
const BATCH = 100;

interface IndexInfo {
  metric: string;
  dimension: number | null;
  host: string;
  ready: boolean;
}

export class PineconeStore implements VectorStore {
  readonly label = 'Pinecone';
  readonly locationKey: string;
  private readonly control: string;
  private readonly index: string;
  private readonly namespace: string;
  private readonly metric: 'cosine' | 'euclidean';

  constructor(private readonly settings: StoreSettings) {
    this.control = trimSlash(settings.values.Url ?? '');
    this.index = settings.values.Collection ?? '';
    this.namespace = settings.values.Namespace ?? '';
    this.metric = settings.metric;
    this.locationKey = `pinecone|${this.control}|${this.index}|${this.namespace}`;
  }

  async test(signal?: AbortSignal): Promise<string> {
    const info = await this.describe(signal);
    this.assertFits(info, null);
    return `Connected to Pinecone: index ${this.index}, metric ${info.metric}, ${info.dimension ?? '?'} dimensions${info.ready ? ', ready' : ', not ready yet'}.`;
  }

  async upsert(points: StorePoint[], signal?: AbortSignal): Promise<void> {
    if (!points.length) return;
    const info = await this.describe(signal);
    this.assertFits(info, points[0]!.vector.length);
    await inBatches(points, BATCH, (batch) =>
      this.data(info, '/vectors/upsert', { namespace: this.namespace, vectors: batch.map((point) => ({ id: point.chunkId, values: point.vector, metadata: { data_source_id: this.settings.sourceId } })) }, signal),
    );
  }

  async query(vector: number[], k: number, signal?: AbortSignal): Promise<StoreMatch[]> {
    let info: IndexInfo | null = null;
    const described = async () => (info ??= await this.describe(signal));
    await checkedRecently(`${this.locationKey}|${this.metric}|${vector.length}`, async () => this.assertFits(await described(), vector.length));
    const body = (await this.dataCall(await described(), '/query', { namespace: this.namespace, vector, topK: k, filter: { data_source_id: { $eq: this.settings.sourceId } }, includeValues: false, includeMetadata: false }, signal)) as {
      matches?: { id?: unknown; score?: unknown }[];
    };
    return (body.matches ?? []).flatMap((match) =>
      typeof match.id === 'string' && typeof match.score === 'number'
        ? // Pinecone's euclidean score is the squared distance (smaller is closer).
          [{ chunkId: match.id, score: this.metric === 'euclidean' ? -Math.sqrt(Math.max(match.score, 0)) : match.score }]
        : [],
    );
  }

  async delete(chunkIds: string[], signal?: AbortSignal): Promise<void> {
    if (!chunkIds.length) return;
    const info = await this.describe(signal);
    await inBatches(chunkIds, 1000, (batch) => this.data(info, '/vectors/delete', { namespace: this.namespace, ids: batch }, signal));
  }

  private async describe(signal?: AbortSignal): Promise<IndexInfo> {
    const answer = await exchange(this.settings.fetch, this.label, `${this.control}/indexes/${encodeURIComponent(this.index)}`, { method: 'GET', headers: this.headers(), signal }, this.settings.apiKey);
    if (answer.status === 404) {
      throw new VectorStoreError(`Pinecone has no index named ${this.index} in this project. Create it with the embedding model's dimension and metric ${this.metric}: Pinecone fixes both at creation.`);
    }
    if (answer.status !== 200) throw failure(this.label, answer, this.settings.apiKey);
    const body = answer.body as { metric?: unknown; dimension?: unknown; host?: unknown; status?: { ready?: unknown } };
    if (typeof body.host !== 'string' || !body.host) throw new VectorStoreError(`Pinecone did not say where the index ${this.index} is served.`);
    return { metric: String(body.metric ?? ''), dimension: typeof body.dimension === 'number' ? body.dimension : null, host: body.host, ready: body.status?.ready !== false };
  }

  private assertFits(info: IndexInfo, dimensions: number | null): void {
    if (info.metric !== this.metric) {
      const fix = info.metric === 'cosine' || info.metric === 'euclidean' ? `set the similarity to ${metricName(info.metric === 'cosine' ? 'cosine' : 'euclidean')}, or ` : '';
      throw new VectorStoreError(
        `The Pinecone index ${this.index} was created with metric ${info.metric || 'unknown'}; this data source's similarity is ${metricName(this.metric)}. Pinecone fixes the metric at creation: ${fix}choose an index created with metric ${this.metric}.`,
      );
    }
    if (dimensions !== null && info.dimension !== null && info.dimension !== dimensions) {
      throw new VectorStoreError(`The Pinecone index ${this.index} holds vectors of ${info.dimension} dimensions; the embedding model makes ${dimensions}. Choose another index.`);
    }
  }

  /** The index's host as Pinecone gives it (a bare name): reached with the scheme of the API URL. */
  private dataUrl(info: IndexInfo, path: string): string {
    const host = /^https?:\/\//.test(info.host) ? info.host : `${new URL(this.control).protocol}//${info.host}`;
    return `${trimSlash(host)}${path}`;
  }

  private async data(info: IndexInfo, path: string, body: unknown, signal?: AbortSignal): Promise<void> {
    await this.dataCall(info, path, body, signal);
  }

  private dataCall(info: IndexInfo, path: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
    return call(this.settings.fetch, this.label, this.dataUrl(info, path), { method: 'POST', headers: this.headers(), body, signal }, this.settings.apiKey);
  }

  private headers(): Record<string, string> {
    return { 'X-Pinecone-API-Version': PINECONE_API_VERSION, ...(this.settings.apiKey ? { 'Api-Key': this.settings.apiKey } : {}) };
  }
}
