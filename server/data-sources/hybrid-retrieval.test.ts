import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource, RetrievalResult } from '../../domain/schemas/data-sources';
import type { FakeLlmUpstream } from '../../tests/fakes/fake-llm-upstream';
import { startFakeLlmUpstream } from '../../tests/fakes/fake-llm-upstream';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';
import { demoTenant, otherTenant } from '../../tests/helpers/tenants';
import { corporateData } from '../pipeline/stages';
import { base64, RETRIEVAL_CORPUS } from './data-sources.fixtures';

const HEADERS = { 'x-requested-with': 'test' };

const QUERY = 'who approves a travel booking at the desk';

describe('hybrid retrieval: embeddings, the embedded vector index and rank fusion', () => {
  let t: TestApp;
  let admin: string;
  let fake: FakeLlmUpstream;
  let demoModel = 0;
  let fakeModel = 0;
  let anthropicModel = 0;
  let foreignModel = 0;
  let plain: DataSource;
  let hybrid: DataSource;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, cookie = admin) =>
    t.app.inject({ method, url, headers: { ...HEADERS, cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const search = async (source: DataSource, q = QUERY, limit = 10) => {
    const response = await call('GET', `/api/v1/cdr/${source.id}/search?q=${encodeURIComponent(q)}&limit=${limit}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RetrievalResult>();
  };
  const order = (result: RetrievalResult) => result.Hits.map((hit) => hit.DocumentName);
  const addSource = async (name: string, rag: Record<string, unknown>) => {
    const created = await call('POST', '/api/v1/cdr', { Name: name, AppId: 0, Rag: rag });
    expect(created.statusCode, created.body).toBe(200);
    const source = created.json<DataSource>();
    for (const [file, text] of Object.entries(RETRIEVAL_CORPUS)) {
      const uploaded = await call('POST', `/api/v1/cdr/${source.id}/documents`, { Name: file, ContentType: 2, MimeType: 'text/plain', ContentBase64: base64(text) });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
    }
    await t.app.services.jobs.drain();
    return source;
  };
  const update = async (source: DataSource, rag: Record<string, unknown>) => {
    const response = await call('PUT', `/api/v1/cdr/${source.id}`, { Name: source.Name, AppId: 0, Rag: { ...source.Rag, ...rag } });
    expect(response.statusCode, response.body).toBe(200);
    await t.app.services.jobs.drain();
    return response.json<DataSource>();
  };
  const vectorCount = async (sourceId: string) =>
    Number((await t.db.kysely.selectFrom('chunk_vectors').select((eb) => eb.fn.countAll<number>().as('n')).where('data_source_id', '=', sourceId).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    fake = await startFakeLlmUpstream();
    t = await build({ env: { JOBS: 'false' } });
    admin = await t.login((await demoTenant(t)).users.orgAdmin.email);
    const other = await otherTenant(t);
    const model = async (payload: Record<string, unknown>, cookie = admin) => {
      const created = await call('POST', '/api/v1/language-models', { MaxTokens: 100, Temperature: 0.2, ...payload }, cookie);
      expect(created.statusCode, created.body).toBe(200);
      return created.json<{ id: number }>().id;
    };
    demoModel = await model({ Name: 'Offline embedder', Provider: 'demo', Model: 'offline-demo' });
    fakeModel = await model({ Name: 'Fake embedder', Provider: 'openai-compatible', Model: 'any', ApiKey: 'sk-test-embed', BaseUrl: `${fake.url}/v1` });
    anthropicModel = await model({ Name: 'Claude', Provider: 'anthropic', Model: 'claude-x', ApiKey: 'sk-ant-test-key' });
    foreignModel = await model({ Name: 'Theirs', Provider: 'demo', Model: 'offline-demo' }, await t.login(other.users.orgAdmin.email));
    plain = await addSource('BM25 only', {});
    hybrid = await addSource('Hybrid', { Embeddings: true, EmbeddingLanguageModelId: demoModel, VectorDatabase: 5 });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('embeds every passage at indexing time, in the index job, with the demo model offline', async () => {
    expect(hybrid.Rag).toMatchObject({ Embeddings: true, EmbeddingLanguageModelId: demoModel, EmbeddingModelName: null, VectorDatabase: 5 });
    expect(await vectorCount(hybrid.id)).toBe(Object.keys(RETRIEVAL_CORPUS).length);
    expect(await vectorCount(plain.id)).toBe(0);
    const jobs = await t.db.kysely.selectFrom('jobs').select(['message', 'status']).where('payload_json', 'like', `%${hybrid.id}%`).execute();
    expect(jobs.some((job) => job.status === 'completed' && /Embedded 1 passage\./.test(job.message ?? ''))).toBe(true);
  });

  it('fuses BM25 with vector search, says which found each hit, and ranks differently from BM25 alone', async () => {
    const bm25 = await search(plain);
    expect(bm25).toMatchObject({ Mode: 'bm25', FallbackReason: null });
    expect(bm25.Hits.every((hit) => hit.Source === 'bm25')).toBe(true);

    const fused = await search(hybrid);
    expect(fused).toMatchObject({ Mode: 'hybrid', FallbackReason: null });
    expect(new Set(fused.Hits.map((hit) => hit.Source))).toContain('both');
    expect(fused.Hits.some((hit) => hit.Source === 'vector')).toBe(true);
    expect(order(fused)).not.toEqual(order(bm25));
    // RRF scores: at most one 1/(60+1) per list.
    expect(fused.Hits[0]!.Score).toBeLessThanOrEqual(2 / 61 + 1e-6);
  });

  it('honours the similarity setting: cosine and Euclidean rank unnormalised vectors differently', async () => {
    // The fake upstream's vectors are not unit length, so the two measures disagree (for unit vectors they cannot).
    let source = await update(hybrid, { EmbeddingLanguageModelId: fakeModel, Similarity: 1 });
    expect(await vectorCount(hybrid.id)).toBe(Object.keys(RETRIEVAL_CORPUS).length);
    expect(fake.requests.some((request) => request.wire === 'embeddings' && request.body.model === 'text-embedding-3-small')).toBe(true);
    const cosine = await search(source, 'Travel', 100);
    source = await update(source, { Similarity: 2 });
    const euclidean = await search(source, 'Travel', 100);
    expect(cosine.Mode).toBe('hybrid');
    expect(euclidean.Mode).toBe('hybrid');
    expect(order(euclidean)).not.toEqual(order(cosine));
    hybrid = source;
  });

  it('falls back to BM25 with the reason when the embedding provider fails, in the search and in the pipeline stage', async () => {
    fake.behave({ error: { status: 401, message: 'Incorrect API key provided.' } });
    try {
      const result = await search(hybrid);
      expect(result.Mode).toBe('bm25');
      expect(result.FallbackReason).toContain('Hybrid: ');
      expect(result.FallbackReason).toContain('Incorrect API key provided.');
      expect(result.Hits.length).toBeGreaterThan(0);
      expect(result.Hits.every((hit) => hit.Source === 'bm25')).toBe(true);

      const organizationId = (await demoTenant(t)).organizationId;
      const stage = await corporateData(t.db.kysely, { organizationId, groupIds: [], query: QUERY, wanted: true, embedders: t.app.services.embedders });
      expect(stage.update.reason).toMatch(/retrieved \(BM25 only: .*Incorrect API key provided\./);
      expect(stage.update.detail).toMatchObject({ Ranking: 'BM25' });
    } finally {
      fake.reset();
    }
  });

  it('drops the vectors when embeddings are turned off, and searches with BM25 alone', async () => {
    hybrid = await update(hybrid, { Embeddings: false });
    expect(await vectorCount(hybrid.id)).toBe(0);
    expect((await search(hybrid)).Mode).toBe('bm25');
  });

  it('refuses settings that would do nothing: an external vector database without its settings, no embedding model, a model without embeddings or of another tenant', async () => {
    const attempt = async (rag: Record<string, unknown>) => call('POST', '/api/v1/cdr', { Name: `Attempt ${Math.random()}`, AppId: 0, Rag: { Embeddings: true, EmbeddingLanguageModelId: demoModel, VectorDatabase: 5, ...rag } });
    const qdrant = await attempt({ VectorDatabase: 1 });
    expect(qdrant.statusCode).toBe(400);
    expect(qdrant.json()).toMatchObject({ errors: { 'Rag.Store.Url': 'Qdrant URL is required', 'Rag.Store.Collection': 'Collection is required' } });
    expect((await attempt({ EmbeddingLanguageModelId: null })).json()).toMatchObject({ errors: { 'Rag.EmbeddingLanguageModelId': 'Choose the language model that makes the embeddings' } });
    expect((await attempt({ EmbeddingLanguageModelId: anthropicModel })).json().errors['Rag.EmbeddingLanguageModelId']).toContain('no embeddings API');
    expect((await attempt({ EmbeddingLanguageModelId: foreignModel })).json()).toMatchObject({ errors: { 'Rag.EmbeddingLanguageModelId': 'Choose a language model of your organization' } });
    const connector = await call('POST', '/api/v1/cdr', { Name: 'CRM', AppId: 26, Connection: { InstanceUrl: 'https://crm.example.com', AccessToken: 'token-1234' }, Rag: { Embeddings: true, EmbeddingLanguageModelId: demoModel, VectorDatabase: 5 } });
    expect(connector.json()).toMatchObject({ errors: { 'Rag.Embeddings': 'Embeddings apply to uploaded files (built in); connected apps are not indexed yet' } });
  });

  it('returns up to 100 hits and refuses more', async () => {
    expect((await call('GET', `/api/v1/cdr/${plain.id}/search?q=desk&limit=100`)).statusCode).toBe(200);
    const tooMany = await call('GET', `/api/v1/cdr/${plain.id}/search?q=desk&limit=101`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain('Limit must be at most 100');
  });
});
