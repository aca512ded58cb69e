// Local stand-ins for the external vector stores, on an ephemeral port of 127.0.0.1, each speaking its service's
// wire format: Qdrant REST, Pinecone (control plane and data plane on one server), Chroma's HTTP API v2 and
// Milvus's RESTful API v2. Collections are kept in memory and searched exactly with the service's own score
// conventions (Qdrant Euclid: the distance; Pinecone and Milvus L2: the squared distance; Chroma: 1 − cosine or
// the squared distance). Every request is recorded; the key is checked as the service checks it.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type FakeStoreKind = 'qdrant' | 'pinecone' | 'chroma' | 'milvus';
export type FakeMetric = 'cosine' | 'euclidean' | 'dot';

export interface FakePoint {
  id: string;
  vector: number[];
  sourceId: string;
}

export interface FakeCollection {
  name: string;
  /** Chroma's collection id. */
  id: string;
  metric: FakeMetric;
  dimension: number | null;
  points: Map<string, FakePoint>;
}

export interface FakeStoreRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface FakeVectorStore {
  kind: FakeStoreKind;
  /** http://127.0.0.1:port */
  url: string;
  requests: FakeStoreRequest[];
  collections: Map<string, FakeCollection>;
  /** Answer this error (in the service's shape) to every request until cleared with null. */
  fail(error: { status: number; message: string } | null): void;
  /** A collection made by someone else (Pinecone: the only way an index exists). */
  addCollection(name: string, metric: FakeMetric, dimension: number | null): FakeCollection;
  close(): Promise<void>;
}

const NATIVE_METRIC: Record<FakeStoreKind, Record<FakeMetric, string>> = {
  qdrant: { cosine: 'Cosine', euclidean: 'Euclid', dot: 'Dot' },
  pinecone: { cosine: 'cosine', euclidean: 'euclidean', dot: 'dotproduct' },
  chroma: { cosine: 'cosine', euclidean: 'l2', dot: 'ip' },
  milvus: { cosine: 'COSINE', euclidean: 'L2', dot: 'IP' },
};

const metricFrom = (kind: FakeStoreKind, native: unknown): FakeMetric => {
  const entry = Object.entries(NATIVE_METRIC[kind]).find(([, name]) => name === native);
  if (!entry) throw new Error(`unknown metric ${String(native)}`);
  return entry[0] as FakeMetric;
};

export function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  a.forEach((value, i) => {
    dot += value * b[i]!;
    na += value * value;
    nb += b[i]! * b[i]!;
  });
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

export const squaredDistance = (a: number[], b: number[]): number => a.reduce((sum, value, i) => sum + (value - b[i]!) ** 2, 0);

/** The points of one source, closest first, with the score the service would give. */
function ranked(kind: FakeStoreKind, collection: FakeCollection, vector: number[], k: number, sourceId: string | null): { point: FakePoint; score: number }[] {
  const points = [...collection.points.values()].filter((point) => sourceId === null || point.sourceId === sourceId);
  const scored = points.map((point) => {
    if (collection.metric === 'cosine') return { point, score: kind === 'chroma' ? 1 - cosine(point.vector, vector) : cosine(point.vector, vector), closer: cosine(point.vector, vector) };
    const squared = squaredDistance(point.vector, vector);
    return { point, score: kind === 'qdrant' ? Math.sqrt(squared) : squared, closer: -squared };
  });
  return scored
    .sort((a, b) => b.closer - a.closer || (a.point.id < b.point.id ? -1 : 1))
    .slice(0, k)
    .map(({ point, score }) => ({ point, score }));
}

type Reply = { status: number; body: unknown };

export async function startFakeVectorStore(kind: FakeStoreKind, options: { apiKey?: string | null } = {}): Promise<FakeVectorStore> {
  const apiKey = options.apiKey ?? null;
  const requests: FakeStoreRequest[] = [];
  const collections = new Map<string, FakeCollection>();
  const sockets = new Set<Socket>();
  let failure: { status: number; message: string } | null = null;
  let url = '';

  const addCollection = (name: string, metric: FakeMetric, dimension: number | null): FakeCollection => {
    const collection: FakeCollection = { name, id: randomUUID(), metric, dimension, points: new Map() };
    collections.set(name, collection);
    return collection;
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        body = { unparsable: raw };
      }
      const path = new URL(request.url ?? '/', 'http://fake').pathname;
      requests.push({ method: request.method ?? 'GET', path, headers: request.headers, body });
      let reply: Reply;
      try {
        reply = failure ? errorReply(failure.status, failure.message) : (authFailure(request) ?? route(request.method ?? 'GET', path, body));
      } catch (error) {
        reply = errorReply(400, error instanceof Error ? error.message : 'bad request');
      }
      const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
      response.writeHead(reply.status, { 'content-type': typeof reply.body === 'string' ? 'text/plain' : 'application/json' });
      response.end(text);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  /** The service's error shape; Milvus answers HTTP 200 with a code. */
  function errorReply(status: number, message: string): Reply {
    if (kind === 'qdrant') return { status, body: { status: { error: message }, time: 0 } };
    if (kind === 'pinecone') return { status, body: { error: { code: status === 404 ? 'NOT_FOUND' : 'INVALID_ARGUMENT', message }, status } };
    if (kind === 'chroma') return { status, body: { error: status === 404 ? 'NotFoundError' : 'ChromaError', message } };
    return { status: 200, body: { code: status === 404 ? 100 : 1100, message } };
  }

  function authFailure(request: http.IncomingMessage): Reply | null {
    if (apiKey === null) return null;
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const given = kind === 'qdrant' ? header('api-key') : kind === 'pinecone' ? header('api-key') : kind === 'chroma' ? header('x-chroma-token') : header('authorization')?.replace(/^Bearer /, '');
    if (given === apiKey) return null;
    // Services sometimes repeat what they were sent: the console must not pass the key on.
    const said = `Invalid API key ${given ?? '(none)'}`;
    if (kind === 'qdrant') return { status: 401, body: said };
    if (kind === 'pinecone') return { status: 401, body: { error: { code: 'UNAUTHENTICATED', message: said }, status: 401 } };
    if (kind === 'chroma') return { status: 401, body: { error: 'AuthError', message: said } };
    return { status: 200, body: { code: 1800, message: `user hasn't authenticated: ${said}` } };
  }

  function upsert(collection: FakeCollection, points: FakePoint[]): Reply | null {
    for (const point of points) {
      if (collection.dimension === null) collection.dimension = point.vector.length;
      if (point.vector.length !== collection.dimension) return errorReply(400, `Vector dimension error: expected dim: ${collection.dimension}, got ${point.vector.length}`);
    }
    for (const point of points) collection.points.set(point.id, point);
    return null;
  }

  function route(method: string, path: string, body: Record<string, unknown>): Reply {
    if (kind === 'qdrant') return qdrant(method, path, body);
    if (kind === 'pinecone') return pinecone(method, path, body);
    if (kind === 'chroma') return chroma(method, path, body);
    return milvus(path, body);
  }

  function qdrant(method: string, path: string, body: Record<string, unknown>): Reply {
    if (method === 'GET' && path === '/collections') return { status: 200, body: { result: { collections: [...collections.keys()].map((name) => ({ name })) }, status: 'ok' } };
    const match = /^\/collections\/([^/]+)(\/.*)?$/.exec(path);
    if (!match) return errorReply(404, `Not found ${path}`);
    const name = decodeURIComponent(match[1]!);
    const rest = match[2] ?? '';
    const collection = collections.get(name);
    if (rest === '' && method === 'PUT') {
      const vectors = body.vectors as { size: number; distance: string };
      addCollection(name, metricFrom('qdrant', vectors.distance), vectors.size);
      return { status: 200, body: { result: true, status: 'ok' } };
    }
    if (!collection) return errorReply(404, `Not found: Collection \`${name}\` doesn't exist!`);
    if (rest === '' && method === 'GET') {
      return { status: 200, body: { result: { status: 'green', points_count: collection.points.size, config: { params: { vectors: { size: collection.dimension, distance: NATIVE_METRIC.qdrant[collection.metric] } } } }, status: 'ok' } };
    }
    if (rest === '/points' && method === 'PUT') {
      const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
      if ((body.points as { id: unknown }[]).some((point) => typeof point.id !== 'string' || !uuid.test(point.id))) return errorReply(400, 'Format error in JSON body: value is not a valid point ID');
      const points = (body.points as { id: string; vector: number[]; payload: { data_source_id: string; chunk_id: string } }[]).map((point) => ({ id: point.id, vector: point.vector, sourceId: point.payload.data_source_id, chunkId: point.payload.chunk_id }));
      const refused = upsert(collection, points);
      for (const point of points) (collection.points.get(point.id) as FakePoint & { chunkId?: string }).chunkId = point.chunkId;
      return refused ?? { status: 200, body: { result: { status: 'completed' }, status: 'ok' } };
    }
    if (rest === '/points/search' && method === 'POST') {
      const filter = body.filter as { must: { key: string; match: { value: string } }[] } | undefined;
      const sourceId = filter?.must.find((condition) => condition.key === 'data_source_id')?.match.value ?? null;
      const hits = ranked('qdrant', collection, body.vector as number[], body.limit as number, sourceId);
      return { status: 200, body: { result: hits.map(({ point, score }) => ({ id: point.id, version: 1, score, payload: { chunk_id: (point as FakePoint & { chunkId?: string }).chunkId } })), status: 'ok' } };
    }
    if (rest === '/points/delete' && method === 'POST') {
      for (const id of body.points as string[]) collection.points.delete(id);
      return { status: 200, body: { result: { status: 'completed' }, status: 'ok' } };
    }
    return errorReply(404, `Not found ${path}`);
  }

  function pinecone(method: string, path: string, body: Record<string, unknown>): Reply {
    const index = /^\/indexes\/([^/]+)$/.exec(path);
    if (index && method === 'GET') {
      const collection = collections.get(decodeURIComponent(index[1]!));
      if (!collection) return errorReply(404, `Resource ${index[1]} not found`);
      // Each index has its own host at Pinecone; here its own path prefix on this server.
      return { status: 200, body: { name: collection.name, dimension: collection.dimension, metric: NATIVE_METRIC.pinecone[collection.metric], host: `${url.replace('http://', '')}/${collection.name}`, status: { ready: true, state: 'Ready' }, spec: { serverless: { cloud: 'aws', region: 'us-east-1' } } } };
    }
    const data = /^\/([^/]+)(\/.*)$/.exec(path);
    const collection = data ? collections.get(data[1]!) : undefined;
    if (!collection || !data) return errorReply(404, `Not found ${path}`);
    const plane = data[2]!;
    const namespace = String(body.namespace ?? '');
    const key = (id: string) => `${namespace}\u0000${id}`;
    if (plane === '/vectors/upsert') {
      const points = (body.vectors as { id: string; values: number[]; metadata: { data_source_id: string } }[]).map((vector) => ({ id: key(vector.id), vector: vector.values, sourceId: vector.metadata.data_source_id }));
      return upsert(collection, points) ?? { status: 200, body: { upsertedCount: points.length } };
    }
    if (plane === '/query') {
      const filter = body.filter as { data_source_id?: { $eq?: string } } | undefined;
      const sourceId = filter?.data_source_id?.$eq ?? null;
      const inNamespace = { ...collection, points: new Map([...collection.points].filter(([id]) => id.startsWith(`${namespace}\u0000`))) };
      const hits = ranked('pinecone', inNamespace, body.vector as number[], body.topK as number, sourceId);
      return { status: 200, body: { matches: hits.map(({ point, score }) => ({ id: point.id.split('\u0000')[1], score, values: [] })), namespace } };
    }
    if (plane === '/vectors/delete') {
      for (const id of body.ids as string[]) collection.points.delete(key(id));
      return { status: 200, body: {} };
    }
    return errorReply(404, `Not found ${path}`);
  }

  function chroma(method: string, path: string, body: Record<string, unknown>): Reply {
    const match = /^\/api\/v2\/tenants\/([^/]+)\/databases\/([^/]+)\/collections(?:\/([^/]+))?(\/[a-z]+)?$/.exec(path);
    if (!match) return errorReply(404, `Not found ${path}`);
    const [, , , named, action] = match;
    if (!named && method === 'POST') {
      const existing = collections.get(body.name as string);
      const space = (body.configuration as { hnsw?: { space?: string } } | undefined)?.hnsw?.space ?? 'l2';
      const collection = existing ?? addCollection(body.name as string, metricFrom('chroma', space), null);
      return { status: 200, body: describeChroma(collection) };
    }
    if (!named) return errorReply(404, 'Not found');
    if (!action && method === 'GET') {
      const collection = collections.get(decodeURIComponent(named));
      return collection ? { status: 200, body: describeChroma(collection) } : errorReply(404, `Collection [${named}] does not exist`);
    }
    const collection = [...collections.values()].find((entry) => entry.id === named);
    if (!collection) return errorReply(404, `Collection [${named}] does not exist`);
    if (action === '/upsert') {
      const ids = body.ids as string[];
      const embeddings = body.embeddings as number[][];
      const metadatas = body.metadatas as { data_source_id: string }[];
      return upsert(collection, ids.map((id, i) => ({ id, vector: embeddings[i]!, sourceId: metadatas[i]!.data_source_id }))) ?? { status: 200, body: {} };
    }
    if (action === '/query') {
      const where = body.where as { data_source_id?: string } | undefined;
      const hits = ranked('chroma', collection, (body.query_embeddings as number[][])[0]!, body.n_results as number, where?.data_source_id ?? null);
      return { status: 200, body: { ids: [hits.map((hit) => hit.point.id)], distances: [hits.map((hit) => hit.score)], documents: null, metadatas: null, embeddings: null, include: body.include } };
    }
    if (action === '/delete') {
      for (const id of body.ids as string[]) collection.points.delete(id);
      return { status: 200, body: {} };
    }
    return errorReply(404, `Not found ${path}`);
  }

  function describeChroma(collection: FakeCollection) {
    return { id: collection.id, name: collection.name, configuration_json: { hnsw: { space: NATIVE_METRIC.chroma[collection.metric] } }, metadata: null, dimension: collection.dimension, tenant: 'default_tenant', database: 'default_database' };
  }

  function milvus(path: string, body: Record<string, unknown>): Reply {
    const ok = (data: unknown): Reply => ({ status: 200, body: { code: 0, data } });
    if (path === '/v2/vectordb/collections/list') return ok([...collections.keys()]);
    const name = body.collectionName as string;
    const collection = collections.get(name);
    if (path === '/v2/vectordb/collections/create') {
      const fields = (body.schema as { fields: { fieldName: string; elementTypeParams?: { dim?: number } }[] }).fields;
      const dimension = fields.find((entry) => entry.fieldName === 'vector')?.elementTypeParams?.dim ?? null;
      const metric = (body.indexParams as { metricType: string }[])[0]!.metricType;
      addCollection(name, metricFrom('milvus', metric), dimension);
      return ok({});
    }
    if (!collection) return { status: 200, body: { code: 100, message: `can't find collection[database=default][collection=${name}]` } };
    if (path === '/v2/vectordb/collections/describe') {
      return ok({
        collectionName: name,
        fields: [{ name: 'id', primaryKey: true }, { name: 'data_source_id' }, { name: 'vector', params: [{ key: 'dim', value: String(collection.dimension) }] }],
        indexes: [{ fieldName: 'vector', indexName: 'vector', metricType: NATIVE_METRIC.milvus[collection.metric] }],
        load: 'LoadStateLoaded',
      });
    }
    if (path === '/v2/vectordb/entities/upsert') {
      const data = body.data as { id: string; data_source_id: string; vector: number[] }[];
      return upsert(collection, data.map((entity) => ({ id: entity.id, vector: entity.vector, sourceId: entity.data_source_id }))) ?? ok({ upsertCount: data.length });
    }
    if (path === '/v2/vectordb/entities/search') {
      const filter = /^data_source_id == "([^"]+)"$/.exec(String(body.filter ?? ''));
      const hits = ranked('milvus', collection, (body.data as number[][])[0]!, body.limit as number, filter ? filter[1]! : null);
      return ok(hits.map(({ point, score }) => ({ id: point.id, distance: score })));
    }
    if (path === '/v2/vectordb/entities/delete') {
      const ids = JSON.parse(String(body.filter).replace(/^id in /, '')) as string[];
      for (const id of ids) collection.points.delete(id);
      return ok({});
    }
    return { status: 404, body: { code: 404, message: `Not found ${path}` } };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    kind,
    url,
    requests,
    collections,
    fail(error) {
      failure = error;
    },
    addCollection,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
