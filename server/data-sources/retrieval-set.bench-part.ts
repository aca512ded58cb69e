// Part of `npm run bench:retrieval`: quality on the labelled set of ./retrieval-set (licensed public data; see its
// SOURCES.md). nDCG@10 and recall@10 per document (a document counts at its best-ranked chunk), BM25 alone then
// hybrid, with 1 KB and with 4 KB chunks, each chunk size in its own source, indexed as the indexing job does.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { ChunkSize, ContentType, LastSyncStatus, UploadJobStatus } from '../../domain/enums';
import type { ChunkSizeId } from '../../domain/schemas/data-sources';
import { CHUNK_SIZE_BYTES } from '../../domain/schemas/data-sources';
import type { Database } from '../db/schema';
import { newId } from '../db/ids';
import { chunkText } from './chunking';
import { DataSourcesRepository } from './data-sources.repository';
import { DocumentsRepository } from './documents.repository';
import { embedSourceChunks } from './embeddings/embed-chunks';
import type { EmbedderFactory } from './embeddings/source-embedder';
import { retrieveFromSources } from './search';
import { termFrequencies } from './text-analysis';

const SET_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'retrieval-set');
/** Chunks read per query, so that ten distinct documents remain once each keeps only its best chunk. */
const CANDIDATES = 50;

interface SetDocument { id: string; title: string; text: string }
interface SetQuery { id: string; text: string; relevant: string[] }

const readJsonl = <T>(file: string): T[] =>
  fs.readFileSync(path.join(SET_DIR, file), 'utf8').split('\n').filter((line) => line.trim()).map((line) => JSON.parse(line) as T);
const partOf = (documentId: string) => documentId.split(':')[0]!;

/** nDCG@10 and recall@10 of a ranking of documents against the relevant ones (binary relevance). */
export function documentQuality(ranked: readonly string[], relevant: readonly string[]): { ndcg: number; recall: number } {
  const top = ranked.slice(0, 10);
  const dcg = top.reduce((sum, id, rank) => sum + (relevant.includes(id) ? 1 / Math.log2(rank + 2) : 0), 0);
  const ideal = relevant.slice(0, 10).reduce((sum, _, rank) => sum + 1 / Math.log2(rank + 2), 0);
  return { ndcg: dcg / ideal, recall: top.filter((id) => relevant.includes(id)).length / relevant.length };
}

/** Indexes the set in a new source of this chunk size: its id, and the set's document id of each stored document. */
async function indexSet(db: Kysely<Database>, organizationId: string, documents: readonly SetDocument[], chunkSize: ChunkSizeId) {
  const sourceId = newId();
  const at = Date.now();
  await new DataSourcesRepository(db).insert({
    id: sourceId, organization_id: organizationId, name: `Labelled set, ${CHUNK_SIZE_BYTES[chunkSize]} B chunks`, app_id: 0, connection_json: '{}', secrets_enc: null,
    vector_database: 5, embedding_model: 1, chunk_size: chunkSize, similarity: 1, sync_interval: null, sync_interval_unit: 'd',
    enabled: 1, last_sync_status: LastSyncStatus.UNKNOWN, last_sync_at: null, last_sync_message: null, sync_job_id: null,
    chunk_count: 0, token_count: 0, created_at: at, updated_at: at,
  });
  const setIds = new Map<string, string>();
  let chunkCount = 0;
  for (const document of documents) {
    const chunks = chunkText(document.text, CHUNK_SIZE_BYTES[chunkSize]).map((text) => {
      const { frequencies, length } = termFrequencies(text);
      return { text, tokenCount: length, frequencies };
    });
    const documentId = newId();
    await db.transaction().execute(async (trx) => {
      const repository = new DocumentsRepository(trx);
      await repository.insert({
        id: documentId, data_source_id: sourceId, parent_id: null, name: document.title, content_type: ContentType.FILE,
        upload_status: UploadJobStatus.COMPLETED, size: Buffer.byteLength(document.text), mime_type: 'text/markdown', content_text: document.text,
        content_hash: null, indexed_hash: null, indexed_chunk_size: chunkSize, chunk_count: chunks.length, error: null, created_at: at, updated_at: at,
      });
      await repository.replaceChunks(documentId, sourceId, chunks);
    });
    setIds.set(documentId, document.id);
    chunkCount += chunks.length;
  }
  await new DataSourcesRepository(db).refreshStats(sourceId);
  return { sourceId, setIds, chunkCount };
}

/** Prints the figures; leaves the set's sources disabled, so that later parts of the bench do not search them. */
export async function benchLabelledSet(db: Kysely<Database>, organizationId: string, demoEmbedders: EmbedderFactory): Promise<void> {
  const documents = readJsonl<SetDocument>('documents.jsonl');
  const queries = readJsonl<SetQuery>('queries.jsonl');
  const parts = [...new Set(queries.map((query) => partOf(query.relevant[0]!)))];
  const perPart = parts.map((part) => `${part} ${queries.filter((query) => partOf(query.relevant[0]!) === part).length}`).join(', ');
  console.log(`labelled set (retrieval-set/SOURCES.md): ${documents.length} documents, ${queries.length} known-item queries (${perPart})`);

  for (const chunkSize of [ChunkSize.KILOBYTE, ChunkSize.FOUR_KILOBYTES] as const) {
    const { sourceId, setIds, chunkCount } = await indexSet(db, organizationId, documents, chunkSize);
    const evaluate = async (embedders?: EmbedderFactory) => {
      const totals = new Map<string, { ndcg: number; recall: number; queries: number }>();
      let mode = '';
      for (const query of queries) {
        const outcome = await retrieveFromSources(db, { organizationId, dataSourceIds: [sourceId], query: query.text, limit: CANDIDATES, ...(embedders ? { embedders } : {}) });
        mode = outcome.mode;
        const ranked = [...new Set(outcome.chunks.map((chunk) => setIds.get(chunk.documentId)!))];
        const scored = documentQuality(ranked, query.relevant);
        for (const key of ['all', partOf(query.relevant[0]!)]) {
          const total = totals.get(key) ?? { ndcg: 0, recall: 0, queries: 0 };
          totals.set(key, { ndcg: total.ndcg + scored.ndcg, recall: total.recall + scored.recall, queries: total.queries + 1 });
        }
      }
      return `${mode}: ${[...totals].map(([key, total]) => `${key} nDCG@10 ${(total.ndcg / total.queries).toFixed(3)} recall@10 ${(total.recall / total.queries).toFixed(3)}`).join('; ')}`;
    };
    const label = `  ${CHUNK_SIZE_BYTES[chunkSize] / 1024} KB chunks (${chunkCount} chunks)`;
    console.log(`${label}, BM25 alone, ${await evaluate()}`);
    await db.updateTable('data_sources').set({ embeddings_enabled: 1, vector_database: 5 }).where('id', '=', sourceId).execute();
    const source = await new DataSourcesRepository(db).findById(sourceId);
    const embedded = await embedSourceChunks(db, source!, demoEmbedders, async () => {});
    if (embedded.error) throw new Error(embedded.error);
    console.log(`${label}, hybrid with the demo word-hashing embedder (proves the plumbing only; not a real model), ${await evaluate(demoEmbedders)}`);
    await db.updateTable('data_sources').set({ enabled: 0 }).where('id', '=', sourceId).execute();
  }
}
