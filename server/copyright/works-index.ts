// Each organization's fingerprint index of its protected works, in this process, built from the database at first
// use and brought up to date whenever the organization's works revision (copyright_settings.works_revision, moved in
// the transaction of every add, delete and finished indexing job, on any server) differs from the one it was built
// at: works no longer indexed are removed, new ones added; the others are kept as they are.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { CopyrightRepository } from './copyright.repository';
import { FingerprintIndex } from './fingerprint-index';

/** Works whose text is loaded at once while bringing an index up to date. */
const LOAD_BATCH = 200;

interface Entry {
  index: FingerprintIndex;
  revision: number;
  syncing: Promise<FingerprintIndex> | null;
  syncingRevision: number;
}

export class WorksIndexes {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly db: Kysely<Database>) {}

  /** The organization's index as of `revision` (or newer). */
  async indexFor(organizationId: string, revision: number): Promise<FingerprintIndex> {
    let entry = this.entries.get(organizationId);
    if (entry && entry.revision === revision) return entry.index;
    if (entry?.syncing && entry.syncingRevision === revision) return entry.syncing;
    if (!entry) {
      entry = { index: new FingerprintIndex(), revision: -1, syncing: null, syncingRevision: -1 };
      this.entries.set(organizationId, entry);
    }
    const target = entry;
    // One sync at a time per organization: a newer revision waits for the running one, then syncs again.
    const previous = target.syncing;
    target.syncingRevision = revision;
    target.syncing = (async () => {
      if (previous) await previous.catch(() => undefined);
      await this.sync(organizationId, target.index);
      target.revision = revision;
      return target.index;
    })().finally(() => {
      if (target.syncingRevision === revision) target.syncing = null;
    });
    return target.syncing;
  }

  /** Drops an organization's index (its works are gone). */
  forget(organizationId: string): void {
    this.entries.delete(organizationId);
  }

  private async sync(organizationId: string, index: FingerprintIndex): Promise<void> {
    const repository = new CopyrightRepository(this.db);
    const wanted = new Set(await repository.indexedIds(organizationId));
    for (const id of [...index.ids()]) if (!wanted.has(id)) index.remove(id);
    const missing = [...wanted].filter((id) => !index.has(id));
    for (let start = 0; start < missing.length; start += LOAD_BATCH) {
      for (const work of await repository.textsOf(missing.slice(start, start + LOAD_BATCH))) index.add(work.id, work.name, work.content_text);
    }
  }
}
