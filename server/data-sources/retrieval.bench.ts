// Retrieval figures on ~10k chunks: `npm run bench:retrieval` (SQLite in a temp folder), or with
// BENCH_DATABASE_URL=postgres://… for PostgreSQL (a fresh schema, dropped afterwards).
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
import { retrieve } from './search';
import { termFrequencies } from './text-analysis';
import { adminQuery } from '../db/admin-query';

const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 100);
const CHUNKS_PER_DOCUMENT = Number(process.env.BENCH_CHUNKS_PER_DOCUMENT ?? 100);
const QUERIES = 200;

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
    const sourceId = newId();
    const at = Date.now();
    await new DataSourcesRepository(db.kysely).insert({
      id: sourceId, organization_id: organization.id, name: 'Bench', app_id: 0, connection_json: '{}', secrets_enc: null,
      vector_database: 1, embedding_model: 1, chunk_size: ChunkSize.KILOBYTE, similarity: 1, sync_interval: null, sync_interval_unit: 'd',
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

    const latencies: number[] = [];
    for (let index = 0; index < QUERIES; index += 1) {
      const query = Array.from({ length: 2 + (index % 4) }, word).join(' ');
      const begin = performance.now();
      await retrieve(db.kysely, { organizationId: organization.id, groupIds: [], query, limit: 5 });
      latencies.push(performance.now() - begin);
    }
    latencies.sort((a, b) => a - b);
    const at50 = latencies[Math.floor(QUERIES * 0.5)]!;
    const at95 = latencies[Math.floor(QUERIES * 0.95)]!;
    console.log(`database: ${db.dialect}`);
    console.log(`indexed ${chunkTotal} chunks (${Number(terms.n)} index rows) of ${DOCUMENTS} documents in ${(indexMs / 1000).toFixed(1)} s (${((chunkTotal / indexMs) * 1000).toFixed(0)} chunks/s)`);
    console.log(`retrieve, ${QUERIES} queries of 2-5 terms, top 5: p50 ${at50.toFixed(1)} ms, p95 ${at95.toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms`);
  } finally {
    await db.close();
    if (postgresUrl && schema) await adminQuery(postgresUrl, `drop schema ${schema} cascade`);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
