// The external vector stores end to end, each against a local fake speaking its wire format: indexing writes
// every passage with the source's metric and key, search fuses the store's ranking with BM25 exactly as the
// embedded index does (same hits, same order), deletions reach the store, a failing store falls back to BM25 with
// its reason, Test reports in plain words, and the settings stay inside their tenant with the key never returned.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource, RetrievalResult, VectorStoreTestResult } from '../../../domain/schemas/data-sources';
import type { FakeLlmUpstream } from '../../../tests/fakes/fake-llm-upstream';
import { startFakeLlmUpstream } from '../../../tests/fakes/fake-llm-upstream';
import type { FakeStoreKind, FakeVectorStore } from '../../../tests/fakes/fake-vector-stores';
import { startFakeVectorStore } from '../../../tests/fakes/fake-vector-stores';
import type { TestApp } from '../../../tests/helpers/build';
import { build } from '../../../tests/helpers/build';
import type { Tenant } from '../../../tests/helpers/tenants';
import { demoTenant, otherTenant } from '../../../tests/helpers/tenants';
import { corporateData } from '../../pipeline/stages';
import { base64, RETRIEVAL_CORPUS } from '../data-sources.fixtures';
import { qdrantPointId } from './qdrant';
import { forgetChecks } from './vector-store';

const HEADERS = { 'x-requested-with': 'test' };

/** Found by BM25 in one file only, so no BM25 tie is broken by the (random) chunk ids: the fused order is determined. */
const QUERY = 'laptop';

interface StoreCase {
  kind: FakeStoreKind;
  database: number;
  label: string;
  /** Collection names valid for the service, one per metric (Pinecone's indexes exist beforehand). */
  cosine: string;
  euclidean: string;
  /** The header carrying the key, and how it is written. */
  header: string;
  sent: (key: string) => string;
  /** The service's own name for each metric, as the collection records it. */
  metrics: [string, string];
}

const CASES: StoreCase[] = [
  { kind: 'qdrant', database: 1, label: 'Qdrant', cosine: 'docs_cos', euclidean: 'docs_l2', header: 'api-key', sent: (key) => key, metrics: ['cosine', 'euclidean'] },
  { kind: 'pinecone', database: 2, label: 'Pinecone', cosine: 'docs-cos', euclidean: 'docs-l2', header: 'api-key', sent: (key) => key, metrics: ['cosine', 'euclidean'] },
  { kind: 'chroma', database: 3, label: 'Chroma', cosine: 'docs_cos', euclidean: 'docs_l2', header: 'x-chroma-token', sent: (key) => key, metrics: ['cosine', 'euclidean'] },
  { kind: 'milvus', database: 4, label: 'Milvus', cosine: 'docs_cos', euclidean: 'docs_l2', header: 'authorization', sent: (key) => `Bearer ${key}`, metrics: ['cosine', 'euclidean'] },
];

describe('external vector stores', () => {
  let t: TestApp;
  let demo: Tenant;
  let other: Tenant;
  let admin: string;
  let llm: FakeLlmUpstream;
  let embedModel = 0;
  const fakes = new Map<FakeStoreKind, FakeVectorStore>();

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, cookie = admin) =>
    t.app.inject({ method, url, headers: { ...HEADERS, cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const search = async (source: DataSource, q = QUERY) => {
    forgetChecks();
    const response = await call('GET', `/api/v1/cdr/${source.id}/search?q=${encodeURIComponent(q)}&limit=100`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RetrievalResult>();
  };
  const ranking = (result: RetrievalResult) => result.Hits.map((hit) => `${hit.DocumentName}:${hit.Source}:${hit.Score}`);
  const documentIds = new Map<string, Record<string, string>>();
  const addSource = async (name: string, rag: Record<string, unknown>, cookie = admin) => {
    const created = await call('POST', '/api/v1/cdr', { Name: name, AppId: 0, Rag: rag }, cookie);
    expect(created.statusCode, created.body).toBe(200);
    const source = created.json<DataSource>();
    const ids: Record<string, string> = {};
    for (const [file, text] of Object.entries(RETRIEVAL_CORPUS)) {
      const uploaded = await call('POST', `/api/v1/cdr/${source.id}/documents`, { Name: file, ContentType: 2, MimeType: 'text/plain', ContentBase64: base64(text) }, cookie);
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      ids[file] = uploaded.json<{ id: string }>().id;
    }
    documentIds.set(source.id, ids);
    await t.app.services.jobs.drain();
    return (await call('GET', `/api/v1/cdr/${source.id}`, undefined, cookie)).json<DataSource>();
  };
  const update = async (source: DataSource, rag: Record<string, unknown>, cookie = admin) => {
    const response = await call('PUT', `/api/v1/cdr/${source.id}`, { Name: source.Name, AppId: 0, Rag: { ...source.Rag, ...rag } }, cookie);
    expect(response.statusCode, response.body).toBe(200);
    await t.app.services.jobs.drain();
    return (await call('GET', `/api/v1/cdr/${source.id}`, undefined, cookie)).json<DataSource>();
  };
  const entries = async (sourceId: string) =>
    Number((await t.db.kysely.selectFrom('vector_store_entries').select((eb) => eb.fn.countAll<number>().as('n')).where('data_source_id', '=', sourceId).executeTakeFirstOrThrow()).n);
  const chunkIdOf = async (documentId: string) => (await t.db.kysely.selectFrom('chunks').select('id').where('document_id', '=', documentId).executeTakeFirstOrThrow()).id;
  const keyOf = (kind: FakeStoreKind) => `store-key-${kind}-0123456789`;

  beforeAll(async () => {
    llm = await startFakeLlmUpstream();
    for (const { kind } of CASES) {
      const fake = await startFakeVectorStore(kind, { apiKey: keyOf(kind) });
      if (kind === 'pinecone') {
        fake.addCollection('docs-cos', 'cosine', 3);
        fake.addCollection('docs-l2', 'euclidean', 3);
        fake.addCollection('docs-dot', 'dot', 3);
      }
      fakes.set(kind, fake);
    }
    t = await build({ env: { JOBS: 'false' } });
    demo = await demoTenant(t);
    other = await otherTenant(t);
    admin = await t.login(demo.users.orgAdmin.email);
    const created = await call('POST', '/api/v1/language-models', { Name: 'Fake embedder', Provider: 'openai-compatible', Model: 'any', ApiKey: 'sk-test-embed', BaseUrl: `${llm.url}/v1`, MaxTokens: 100, Temperature: 0.2 });
    expect(created.statusCode, created.body).toBe(200);
    embedModel = created.json<{ id: number }>().id;
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
    for (const fake of fakes.values()) await fake.close();
  });

  describe.each(CASES)('$label', (store) => {
    let source: DataSource;
    let faiss: DataSource;
    let fake: FakeVectorStore;
    const settings = (collection: string, extra: Record<string, unknown> = {}) => ({ Url: fake.url, Collection: collection, ApiKey: keyOf(store.kind), ...extra });
    const rag = (similarity: number, collection: string) => ({ Embeddings: true, EmbeddingLanguageModelId: embedModel, VectorDatabase: store.database, Similarity: similarity, Store: settings(collection) });

    beforeAll(async () => {
      fake = fakes.get(store.kind)!;
      faiss = await addSource(`FAISS twin of ${store.label}`, { Embeddings: true, EmbeddingLanguageModelId: embedModel, VectorDatabase: 5, Similarity: 1 });
      fake.requests.length = 0;
      source = await addSource(`In ${store.label}`, rag(1, store.cosine));
    });

    it('writes every passage at indexing time, into a collection of the cosine metric, sending the key on every request', async () => {
      expect(source.LastSyncStatus === 3 || source.LastSyncMessage === null).toBe(true);
      const collection = fake.collections.get(store.cosine)!;
      expect(collection.metric).toBe('cosine');
      expect([...collection.points.values()].filter((point) => point.sourceId === source.id)).toHaveLength(Object.keys(RETRIEVAL_CORPUS).length);
      expect(await entries(source.id)).toBe(Object.keys(RETRIEVAL_CORPUS).length);
      expect(fake.requests.length).toBeGreaterThan(0);
      expect(fake.requests.every((request) => request.headers[store.header] === store.sent(keyOf(store.kind)))).toBe(true);
      const jobs = await t.db.kysely.selectFrom('jobs').select(['message', 'status']).where('payload_json', 'like', `%${source.id}%`).execute();
      expect(jobs.some((job) => job.status === 'completed' && job.message?.includes(`Embedded 1 passage into ${store.label}.`))).toBe(true);
    });

    it('searches the store and fuses it with BM25 exactly as the embedded index does, for cosine and for Euclidean distance', async () => {
      const viaStore = await search(source);
      const viaIndex = await search(faiss);
      expect(viaStore).toMatchObject({ Mode: 'hybrid', FallbackReason: null });
      expect(viaStore.Hits.some((hit) => hit.Source === 'vector')).toBe(true);
      expect(ranking(viaStore)).toEqual(ranking(viaIndex));
      expect(fake.requests.some((request) => /search|query/.test(request.path))).toBe(true);

      // A collection's metric is fixed: the same collection with Euclidean distance is refused, saying why.
      const mismatched = await update(source, { Similarity: 2 });
      expect(mismatched.LastSyncStatus).toBe(4);
      expect(mismatched.LastSyncMessage).toMatch(/cosine|Cosine|COSINE/);
      expect(mismatched.LastSyncMessage).toMatch(/Euclidean/);
      expect((await search(mismatched)).Mode).toBe('bm25');

      source = await update(mismatched, { Similarity: 2, Store: settings(store.euclidean) });
      expect(fake.collections.get(store.euclidean)!.metric).toBe('euclidean');
      const faissEuclidean = await update(faiss, { Similarity: 2 });
      const euclidean = await search(source);
      expect(euclidean.Mode).toBe('hybrid');
      expect(ranking(euclidean)).toEqual(ranking(await search(faissEuclidean)));
      expect(euclidean.Hits.map((hit) => hit.DocumentName)).not.toEqual(viaStore.Hits.map((hit) => hit.DocumentName));
      // The cosine collection no longer holds this source's vectors.
      expect([...fake.collections.get(store.cosine)!.points.values()].filter((point) => point.sourceId === source.id)).toHaveLength(0);
    });

    it('serves the pipeline’s corporate-data stage from the store, as the app wires it', async () => {
      fake.requests.length = 0;
      forgetChecks();
      const stage = await corporateData(t.db.kysely, {
        organizationId: demo.organizationId,
        groupIds: [],
        query: QUERY,
        wanted: true,
        copilot: { dataSourceIds: [source.id], rag: null },
        embedders: t.app.services.embedders,
        stores: t.app.services.vectorStores,
      });
      expect(stage.update.detail).toMatchObject({ Ranking: 'BM25 and vector search, reciprocal rank fusion', FallbackReason: null });
      expect(stage.chunks.some((chunk) => chunk.source === 'vector')).toBe(true);
      expect(fake.requests.some((request) => /search|query/.test(request.path))).toBe(true);
    });

    it('removes a deleted file’s vectors from the store', async () => {
      const documentId = documentIds.get(source.id)!['parking.txt']!;
      const chunkId = await chunkIdOf(documentId);
      const points = () => [...fake.collections.get(store.euclidean)!.points.values()].filter((point) => point.sourceId === source.id);
      expect(points()).toHaveLength(6);
      const deleted = await call('DELETE', `/api/v1/cdr/${source.id}/documents/${documentId}`);
      expect(deleted.statusCode, deleted.body).toBe(200);
      await t.app.services.jobs.drain();
      expect(points()).toHaveLength(5);
      const stored = points().map((point) => point.id);
      const pointId = store.kind === 'qdrant' ? qdrantPointId(chunkId) : store.kind === 'pinecone' ? `\u0000${chunkId}` : chunkId;
      expect(stored).not.toContain(pointId);
      expect(await entries(source.id)).toBe(5);
    });

    it('falls back to BM25 with the store’s error as the reason', async () => {
      fake.fail({ status: 503, message: 'Service overloaded' });
      try {
        const result = await search(source);
        expect(result.Mode).toBe('bm25');
        expect(result.FallbackReason).toContain(`In ${store.label}: `);
        expect(result.FallbackReason).toContain('Service overloaded');
        expect(result.Hits.length).toBeGreaterThan(0);
        expect(result.Hits.every((hit) => hit.Source === 'bm25')).toBe(true);
      } finally {
        fake.fail(null);
      }
    });

    it('tests the connection: what the service holds, or its refusal in plain words without the key', async () => {
      const tested = await call('POST', `/api/v1/cdr/${source.id}/vector-store/test`);
      expect(tested.statusCode, tested.body).toBe(200);
      expect(tested.json<VectorStoreTestResult>()).toMatchObject({ Ok: true });
      expect(tested.json<VectorStoreTestResult>().Message).toContain(`Connected to ${store.label}`);

      const wrongKey = 'wrong-key-4242424242';
      source = await update(source, { Store: settings(store.euclidean, { ApiKey: wrongKey }) });
      const refused = await call('POST', `/api/v1/cdr/${source.id}/vector-store/test`);
      const result = refused.json<VectorStoreTestResult>();
      expect(result.Ok).toBe(false);
      expect(result.Message).toMatch(/401|authenticated/);
      expect(result.Message).not.toContain(wrongKey);
      expect(result.Message).toContain('[key]');

      // An empty key keeps the stored one.
      source = await update(source, { Store: settings(store.euclidean, { ApiKey: keyOf(store.kind) }) });
      source = await update(source, { Store: settings(store.euclidean, { ApiKey: '' }) });
      expect((await call('POST', `/api/v1/cdr/${source.id}/vector-store/test`)).json<VectorStoreTestResult>().Ok).toBe(true);
      const read = await call('GET', `/api/v1/cdr/${source.id}`);
      expect(read.json<DataSource>().Rag.Store).toMatchObject({ Url: fake.url, Collection: store.euclidean, ApiKeySet: true });
      expect(read.body).not.toContain(keyOf(store.kind));
      const row = await t.db.kysely.selectFrom('data_sources').select(['vector_store_json', 'vector_store_secret_enc']).where('id', '=', source.id).executeTakeFirstOrThrow();
      expect(`${row.vector_store_json}${row.vector_store_secret_enc}`).not.toContain(keyOf(store.kind));
    });

    it('removes the source’s vectors from the store when the source is deleted', async () => {
      const deleted = await call('DELETE', `/api/v1/cdr/${source.id}`);
      expect(deleted.statusCode, deleted.body).toBe(200);
      for (const collection of fake.collections.values()) expect([...collection.points.values()].filter((point) => point.sourceId === source.id)).toHaveLength(0);
      expect(await entries(source.id)).toBe(0);
    });
  });

  it('refuses a Pinecone index of another metric at Test, with a clear message', async () => {
    const fake = fakes.get('pinecone')!;
    const source = (await call('POST', '/api/v1/cdr', { Name: 'Dot product', AppId: 0, Rag: { Embeddings: true, EmbeddingLanguageModelId: embedModel, VectorDatabase: 2, Store: { Url: fake.url, Collection: 'docs-dot', ApiKey: keyOf('pinecone') } } })).json<DataSource>();
    const result = (await call('POST', `/api/v1/cdr/${source.id}/vector-store/test`)).json<VectorStoreTestResult>();
    expect(result.Ok).toBe(false);
    expect(result.Message).toContain('created with metric dotproduct');
    expect(result.Message).toContain('choose an index created with metric cosine');
    const missing = (await call('PUT', `/api/v1/cdr/${source.id}`, { Name: 'Dot product', AppId: 0, Rag: { ...source.Rag, Store: { Url: fake.url, Collection: 'no-such-index' } } })).json<DataSource>();
    const absent = (await call('POST', `/api/v1/cdr/${missing.id}/vector-store/test`)).json<VectorStoreTestResult>();
    expect(absent.Message).toContain('Pinecone has no index named no-such-index');
  });

  it('forgets an optional stored key when asked; a required one only gives way to a new key', async () => {
    const qdrant = fakes.get('qdrant')!;
    const stored = (await call('POST', '/api/v1/cdr', { Name: 'Keyless Qdrant', AppId: 0, Rag: { Embeddings: true, EmbeddingLanguageModelId: embedModel, VectorDatabase: 1, Store: { Url: qdrant.url, Collection: 'keyless', ApiKey: keyOf('qdrant') } } })).json<DataSource>();
    expect(stored.Rag.Store.ApiKeySet).toBe(true);
    const forgotten = await call('PUT', `/api/v1/cdr/${stored.id}`, { Name: stored.Name, AppId: 0, Rag: { ...stored.Rag, Store: { Url: qdrant.url, Collection: 'keyless' }, ClearStoreApiKey: true } });
    expect(forgotten.statusCode, forgotten.body).toBe(200);
    expect(forgotten.json<DataSource>().Rag.Store.ApiKeySet).toBe(false);
    const row = await t.db.kysely.selectFrom('data_sources').select('vector_store_secret_enc').where('id', '=', stored.id).executeTakeFirstOrThrow();
    expect(row.vector_store_secret_enc).toBeNull();
    // A key entered with the flag is the new key.
    const replaced = await call('PUT', `/api/v1/cdr/${stored.id}`, { Name: stored.Name, AppId: 0, Rag: { ...stored.Rag, Store: { Url: qdrant.url, Collection: 'keyless', ApiKey: keyOf('qdrant') }, ClearStoreApiKey: true } });
    expect(replaced.json<DataSource>().Rag.Store.ApiKeySet).toBe(true);

    const pinecone = fakes.get('pinecone')!;
    const required = (await call('POST', '/api/v1/cdr', { Name: 'Pinecone kept', AppId: 0, Rag: { Embeddings: true, EmbeddingLanguageModelId: embedModel, VectorDatabase: 2, Store: { Url: pinecone.url, Collection: 'docs-kept', ApiKey: keyOf('pinecone') } } })).json<DataSource>();
    const refused = await call('PUT', `/api/v1/cdr/${required.id}`, { Name: required.Name, AppId: 0, Rag: { ...required.Rag, Store: { Url: pinecone.url, Collection: 'docs-kept' }, ClearStoreApiKey: true } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ errors: Record<string, string> }>().errors).toMatchObject({ 'Rag.Store.ApiKey': 'API key is required' });
    expect((await call('GET', `/api/v1/cdr/${required.id}`)).json<DataSource>().Rag.Store.ApiKeySet).toBe(true);
  });

  it('validates the settings field by field', async () => {
    const attempt = async (database: number, store: Record<string, unknown>) =>
      (await call('POST', '/api/v1/cdr', { Name: `Attempt ${Math.random()}`, AppId: 0, Rag: { Embeddings: true, EmbeddingLanguageModelId: embedModel, VectorDatabase: database, Store: store } })).json<{ errors?: Record<string, string> }>();
    expect((await attempt(1, {})).errors).toMatchObject({ 'Rag.Store.Url': 'Qdrant URL is required', 'Rag.Store.Collection': 'Collection is required' });
    expect((await attempt(2, { Url: 'https://api.pinecone.io', Collection: 'docs' })).errors).toMatchObject({ 'Rag.Store.ApiKey': 'API key is required' });
    expect((await attempt(2, { Url: 'https://api.pinecone.io', Collection: 'Docs_1', ApiKey: 'k' })).errors?.['Rag.Store.Collection']).toContain('lower-case letters');
    expect((await attempt(4, { Url: 'https://milvus.example.com', Collection: '1-docs' })).errors?.['Rag.Store.Collection']).toContain('start with a letter');
    expect((await attempt(3, { Url: 'ftp://chroma.example.com', Collection: 'docs' })).errors).toMatchObject({ 'Rag.Store.Url': 'Chroma URL must be an https URL' });
    expect((await attempt(1, { Url: 'https://10.1.2.3', Collection: 'docs' })).errors?.['Rag.Store.Url']).toMatch(/private/);
    // Embeddings off: the store is not used, so nothing of it is required or kept.
    const off = await call('POST', '/api/v1/cdr', { Name: 'Off', AppId: 0, Rag: { Embeddings: false, VectorDatabase: 1, Store: { Url: 'nonsense' } } });
    expect(off.statusCode).toBe(200);
    expect(off.json<DataSource>().Rag.Store).toEqual({});
    expect((await call('POST', `/api/v1/cdr/${off.json<DataSource>().id}/vector-store/test`)).statusCode).toBe(400);
  });

  it('keeps each tenant’s store settings and vectors to itself, for every role', async () => {
    const fake = fakes.get('qdrant')!;
    const otherAdmin = await t.login(other.users.orgAdmin.email);
    const settings = { Url: fake.url, Collection: 'shared', ApiKey: keyOf('qdrant') };
    const ragOf = { Embeddings: true, EmbeddingLanguageModelId: embedModel, VectorDatabase: 1, Similarity: 1, Store: settings };
    const created = await call('POST', '/api/v1/language-models', { Name: 'Their embedder', Provider: 'openai-compatible', Model: 'any', ApiKey: 'sk-test-embed', BaseUrl: `${llm.url}/v1`, MaxTokens: 100, Temperature: 0.2 }, otherAdmin);
    const theirs = await addSource('Theirs in a shared collection', { ...ragOf, EmbeddingLanguageModelId: created.json<{ id: number }>().id }, otherAdmin);
    const ours = await addSource('Ours in a shared collection', ragOf);
    const collection = fake.collections.get('shared')!;
    expect(collection.points.size).toBe(12);

    // A point claiming to be ours but carrying their chunk (a shared or misbehaving store) is never surfaced.
    const theirChunk = await chunkIdOf(documentIds.get(theirs.id)!['travel.txt']!);
    collection.points.set('forged', Object.assign({ id: 'forged', vector: [0.011, 0.021, 0.031], sourceId: ours.id }, { chunkId: theirChunk }));
    const hits = (await search(ours)).Hits;
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((hit) => hit.DataSourceId === ours.id)).toBe(true);

    const cookies = {
      productAdmin: await t.login(demo.users.productAdmin.email),
      customerAdmin: await t.login(demo.users.customerAdmin.email),
      user: await t.login(demo.users.user.email),
      otherCustomerAdmin: await t.login(other.users.customerAdmin.email),
      otherUser: await t.login(other.users.user.email),
    };
    for (const cookie of Object.values(cookies)) {
      expect((await call('POST', `/api/v1/cdr/${ours.id}/vector-store/test`, undefined, cookie)).statusCode).toBe(403);
      expect((await call('GET', `/api/v1/cdr/${ours.id}`, undefined, cookie)).statusCode).toBe(403);
    }
    expect((await call('POST', `/api/v1/cdr/${ours.id}/vector-store/test`, undefined, otherAdmin)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/cdr/${ours.id}`, undefined, otherAdmin)).statusCode).toBe(404);
    expect((await call('PUT', `/api/v1/cdr/${ours.id}`, { Name: 'Taken', AppId: 0, Rag: ragOf }, otherAdmin)).statusCode).toBe(404);
    expect((await call('POST', `/api/v1/cdr/${theirs.id}/vector-store/test`)).statusCode).toBe(404);
    const listed = await call('GET', '/api/v1/cdr?range=[0,99]', undefined, otherAdmin);
    expect(listed.body).not.toContain(keyOf('qdrant'));
    expect(listed.json<DataSource[]>().map((source) => source.id)).not.toContain(ours.id);
    // Their vectors are still there: our searches and deletions touched only ours.
    expect([...collection.points.values()].filter((point) => point.sourceId === theirs.id)).toHaveLength(6);
  });
});
