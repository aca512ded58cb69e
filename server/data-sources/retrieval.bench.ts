// Retrieval figures: `npm run bench:retrieval` (SQLite in a temp folder), or with BENCH_DATABASE_URL=postgres://… for
// PostgreSQL (a fresh schema, dropped afterwards). In one run:
//  1. Quality on the labelled set built from licensed public data (retrieval-set.bench-part.ts): nDCG@10 and
//     recall@10, BM25 alone and hybrid, with 1 KB and 4 KB chunks.
//  2. Latency with 100k chunks of synthetic text (BENCH_DOCUMENTS × BENCH_CHUNKS_PER_DOCUMENT): BM25 alone, then the same
//     source with embeddings on, on known-item queries drawn from the chunks (nDCG@10 and recall@10 against the chunk
//     each query was drawn from, and latency); then the embedded index alone on 100k vectors.
// Every hybrid figure uses the demo model's offline word-hashing embedder, which only proves the plumbing: its vectors
// carry no meaning beyond shared words, so they say nothing about what a real embedding model would score.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { ChunkSize, ContentType, LastSyncStatus, UploadJobStatus } from '../../domain/enums';
import { CHUNK_SIZE_BYTES } from '../../domain/schemas/data-sources';
import { openDatabase } from '../db/connection';
import { newId } from '../db/ids';
import { migrateToLatest } from '../db/migrate';
import { seedDemo } from '../db/seed';
import { chunkText } from './chunking';
import { DataSourcesRepository } from './data-sources.repository';
import { DocumentsRepository } from './documents.repository';
import { EmbeddingModel } from '../../domain/enums';
import { DemoProvider } from '../models/providers/demo';
import { embedSourceChunks } from './embeddings/embed-chunks';
import { EMBEDDING_MODEL_SPECS } from './embeddings/embedding-models';
import { ProviderSourceEmbedder } from './embeddings/source-embedder';
import type { EmbedderFactory } from './embeddings/source-embedder';
import { FlatVectorIndex } from './embeddings/vector-index';
import { retrieve } from './search';
import { benchLabelledSet } from './retrieval-set.bench-part';
import type { RetrievalOutcome } from './retrieval';
import { termFrequencies } from './text-analysis';
import { adminQuery } from '../db/admin-query';

const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 1000);
const CHUNKS_PER_DOCUMENT = Number(process.env.BENCH_CHUNKS_PER_DOCUMENT ?? 100);
const QUERIES = 200;
const INDEX_VECTORS = 100_000;
const INDEX_DIMENSIONS = 256;

/** The demo model's embedder, offline: what a data source with the demo model as its embedding provider gets. */
const demoEmbedders: EmbedderFactory = async () => new ProviderSourceEmbedder('bench:demo', new DemoProvider(), EMBEDDING_MODEL_SPECS[EmbeddingModel.TEXT_EMBEDDING]);

/** nDCG@10 and recall@10 of one query with one relevant chunk. */
function quality(outcome: RetrievalOutcome, relevant: string): { ndcg: number; recall: number } {
  const rank = outcome.chunks.slice(0, 10).findIndex((chunk) => chunk.chunkId === relevant);
  return rank < 0 ? { ndcg: 0, recall: 0 } : { ndcg: 1 / Math.log2(rank + 2), recall: 1 };
}

const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;

// A deterministic generator, so that runs compare.
let seed = 42;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const syllables = ['ka', 'lo', 'mi', 'ren', 'tas', 'vo', 'quen', 'dar', 'pel', 'sho', 'nit', 'gru', 'fay', 'bel', 'zor'];
const vocabulary = Array.from({ length: 5000 }, () => Array.from({ length: 2 + Math.floor(random() * 3) }, () => syllables[Math.floor(random() * syllables.length)]).join(''));
/** Zipf-like: a few words are everywhere, most are rare, as in real text. */
const word = () => vocabulary[Math.floor(vocabulary.length * random() ** 3)]!;
const sentence = () => `${Array.from({ length: 8 + Math.floor(random() * 10) }, word).join(' ')}.`;

async function main() {
  const postgresUrl = process.env.BENCH_DATABASE_URL;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-retrieval-'));
  const schema = postgresUrl ? `bench_${path.basename(dir).replace(/\W/g, '_').toLowerCase()}` : undefined;
  if (postgresUrl && schema) await adminQuery(postgresUrl, `create schema ${schema}`);
  const url = postgresUrl ?? `sqlite:${path.join(dir, 'bench.db')}`;
  const db = openDatabase(url, { schema });
  try {
    await migrateToLatest(db);
    await seedDemo(db.kysely, 'bench-password-123');
    const organization = await db.kysely.selectFrom('organizations').select('id').executeTakeFirstOrThrow();
    console.log(`database: ${db.dialect}`);
    await benchLabelledSet(db.kysely, organization.id, demoEmbedders);
    const sourceId = newId();
    const at = Date.now();
    await new DataSourcesRepository(db.kysely).insert({
      id: sourceId, organization_id: organization.id, name: 'Bench', app_id: 0, connection_json: '{}', secrets_enc: null,
      vector_database: 5, embedding_model: 1, chunk_size: ChunkSize.KILOBYTE, similarity: 1, sync_interval: null, sync_interval_unit: 'd',
      enabled: 1, last_sync_status: LastSyncStatus.UNKNOWN, last_sync_at: null, last_sync_message: null, sync_job_id: null,
      chunk_count: 0, token_count: 0, created_at: at, updated_at: at,
    });

    const started = performance.now();
    let chunkTotal = 0;
    for (let index = 0; index < DOCUMENTS; index += 1) {
      const text = Array.from({ length: CHUNKS_PER_DOCUMENT }, () => Array.from({ length: 7 }, sentence).join(' ')).join('\n\n');
      const chunks = chunkText(text, CHUNK_SIZE_BYTES[ChunkSize.KILOBYTE]).map((chunk) => {
        const { frequencies, length } = termFrequencies(chunk);
        return { text: chunk, tokenCount: length, frequencies };
      });
      const documentId = newId();
      await db.kysely.transaction().execute(async (trx) => {
        const documents = new DocumentsRepository(trx);
        await documents.insert({
          id: documentId, data_source_id: sourceId, parent_id: null, name: `doc-${index}.txt`, content_type: ContentType.FILE,
          upload_status: UploadJobStatus.COMPLETED, size: text.length, mime_type: 'text/plain', content_text: text, content_hash: null,
          indexed_hash: null, indexed_chunk_size: ChunkSize.KILOBYTE, chunk_count: chunks.length, error: null, created_at: at, updated_at: at,
        });
        await documents.replaceChunks(documentId, sourceId, chunks);
      });
      chunkTotal += chunks.length;
    }
    await new DataSourcesRepository(db.kysely).refreshStats(sourceId);
    const indexMs = performance.now() - started;
    // The steady state of a live database, where autovacuum has run after the load.
    if (db.dialect === 'postgres') await sql`vacuum analyze chunk_terms`.execute(db.kysely);
    const terms = await db.kysely.selectFrom('chunk_terms').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();

    // Known-item queries: 3 to 6 words drawn from one chunk, with 1 in 3 replaced by a random word (noise).
    const sample = await db.kysely.selectFrom('chunks').select(['id', 'text']).where('data_source_id', '=', sourceId).orderBy('id').execute();
    const labelled = Array.from({ length: QUERIES }, (_, index) => {
      const chunk = sample[Math.floor(random() * sample.length)]!;
      const words = chunk.text.replace(/[.]/g, '').split(/\s+/);
      const query = Array.from({ length: 3 + (index % 4) }, () => (random() < 1 / 3 ? word() : words[Math.floor(random() * words.length)]!)).join(' ');
      return { query, relevant: chunk.id };
    });
    const run = async (embedders?: EmbedderFactory) => {
      const latencies: number[] = [];
      let ndcg = 0;
      let recall = 0;
      let mode = '';
      for (const { query, relevant } of labelled) {
        const begin = performance.now();
        const outcome = await retrieve(db.kysely, { organizationId: organization.id, groupIds: [], query, limit: 10, ...(embedders ? { embedders } : {}) });
        latencies.push(performance.now() - begin);
        const scored = quality(outcome, relevant);
        ndcg += scored.ndcg;
        recall += scored.recall;
        mode = outcome.mode;
      }
      const first = latencies[0]!;
      latencies.sort((a, b) => a - b);
      return { mode, ndcg: ndcg / QUERIES, recall: recall / QUERIES, first, p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95), max: latencies.at(-1)! };
    };
    const report = (label: string, figures: Awaited<ReturnType<typeof run>>) =>
      console.log(
        `${label} (${figures.mode}), ${QUERIES} known-item queries, top 10: nDCG@10 ${figures.ndcg.toFixed(3)}, recall@10 ${figures.recall.toFixed(3)}; latency p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms, max ${figures.max.toFixed(1)} ms (first query ${figures.first.toFixed(1)} ms)`,
      );

    console.log(`indexed ${chunkTotal} chunks (${Number(terms.n)} index rows) of ${DOCUMENTS} documents in ${(indexMs / 1000).toFixed(1)} s (${((chunkTotal / indexMs) * 1000).toFixed(0)} chunks/s)`);
    report('BM25', await run());

    await db.kysely.updateTable('data_sources').set({ embeddings_enabled: 1, vector_database: 5 }).where('id', '=', sourceId).execute();
    const source = await new DataSourcesRepository(db.kysely).findById(sourceId);
    const embedStarted = performance.now();
    const embedded = await embedSourceChunks(db.kysely, source!, demoEmbedders, async () => {});
    const embedMs = performance.now() - embedStarted;
    if (embedded.error) throw new Error(embedded.error);
    console.log(`embedded ${embedded.embedded} chunks with the demo embedder (64 dimensions) and stored them in ${(embedMs / 1000).toFixed(1)} s (${((embedded.embedded / embedMs) * 1000).toFixed(0)} chunks/s)`);
    report('hybrid, demo embedder, cosine', await run(demoEmbedders));

    // The embedded index alone, at 100k chunks: exact search, as FAISS's IndexFlat.
    const index = new FlatVectorIndex(INDEX_DIMENSIONS, INDEX_VECTORS);
    const vector = () => Array.from({ length: INDEX_DIMENSIONS }, () => random() * 2 - 1);
    const buildStarted = performance.now();
    for (let row = 0; row < INDEX_VECTORS; row += 1) index.add(`c${row}`, vector());
    const buildMs = performance.now() - buildStarted;
    for (const metric of ['cosine', 'euclidean'] as const) {
      const times: number[] = [];
      for (let query = 0; query < 20; query += 1) {
        const q = vector();
        const begin = performance.now();
        index.search(q, 100, metric);
        times.push(performance.now() - begin);
      }
      times.sort((a, b) => a - b);
      console.log(`vector index alone, ${INDEX_VECTORS} vectors of ${INDEX_DIMENSIONS} dimensions (built in ${(buildMs / 1000).toFixed(1)} s), top 100, ${metric}: p50 ${percentile(times, 0.5).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms`);
    }
  } finally {
    await db.close();
    if (postgresUrl && schema) await adminQuery(postgresUrl, `drop schema ${schema} cascade`);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
