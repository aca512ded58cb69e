import type { Kysely } from 'kysely';
import { UploadJobStatus } from '../../domain/enums';
import type { ChunkSizeId } from '../../domain/schemas/data-sources';
import { CHUNK_SIZE_BYTES } from '../../domain/schemas/data-sources';
import type { Database } from '../db/schema';
import { chunkText } from './chunking';
import type { DataSourceRow } from './data-sources.repository';
import { DataSourcesRepository } from './data-sources.repository';
import type { IndexedChunk } from './documents.repository';
import { DocumentsRepository } from './documents.repository';
import { termFrequencies } from './text-analysis';

export type ProgressReport = (percent: number, message: string) => Promise<void>;

export interface IndexOutcome {
  indexed: number;
  failed: { name: string; message: string }[];
}

/**
 * Chunks and indexes the given files of a source one by one: OPEN → IN_PROGRESS → COMPLETED, or ERROR with
 * the reason. Each file is replaced in its own transaction, so readers see its old chunks or its new ones.
 */
export async function indexDocuments(db: Kysely<Database>, source: DataSourceRow, documentIds: string[], report: ProgressReport): Promise<IndexOutcome> {
  const outcome: IndexOutcome = { indexed: 0, failed: [] };
  const documents = new DocumentsRepository(db);
  const maxBytes = CHUNK_SIZE_BYTES[source.chunk_size as ChunkSizeId] ?? CHUNK_SIZE_BYTES[2];

  for (const [position, documentId] of documentIds.entries()) {
    const document = await documents.findInSource(documentId, source.id);
    if (!document) continue; // deleted since the job was queued
    await report((position / documentIds.length) * 100, `Indexing ${document.name} (${position + 1} of ${documentIds.length})`);
    await documents.update(documentId, { upload_status: UploadJobStatus.IN_PROGRESS, error: null, updated_at: Date.now() });
    try {
      const stored = await documents.findText(documentId);
      if (!stored?.content_text) throw new Error('The file has no text to index.');
      const chunks: IndexedChunk[] = chunkText(stored.content_text, maxBytes).map((text) => {
        const { frequencies, length } = termFrequencies(text);
        return { text, tokenCount: length, frequencies };
      });
      await db.transaction().execute(async (trx) => {
        await new DocumentsRepository(trx).replaceChunks(documentId, source.id, chunks);
        await new DocumentsRepository(trx).update(documentId, {
          upload_status: UploadJobStatus.COMPLETED,
          chunk_count: chunks.length,
          indexed_hash: stored.content_hash,
          indexed_chunk_size: source.chunk_size,
          error: null,
          updated_at: Date.now(),
        });
        await new DataSourcesRepository(trx).refreshStats(source.id);
      });
      outcome.indexed += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : 'Indexing failed';
      await documents.update(documentId, { upload_status: UploadJobStatus.ERROR, error: message, updated_at: Date.now() });
      outcome.failed.push({ name: document.name, message });
    }
  }
  return outcome;
}

export function describeIndexing(outcome: IndexOutcome, unchanged: number | null): string {
  const parts = [`Indexed ${outcome.indexed} file${outcome.indexed === 1 ? '' : 's'}`];
  if (unchanged !== null) parts.push(`${unchanged} unchanged`);
  if (outcome.failed.length) {
    const first = outcome.failed[0]!;
    parts.push(`${outcome.failed.length} failed (${first.name}: ${first.message})`);
  }
  return `${parts.join('; ')}.`;
}
