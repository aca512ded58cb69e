// What every request reads and admins rarely change (models, policies, verifiers, group memberships), cached per
// database handle (per server process) and invalidated through one counter in the database: `config_versions`, row
// '*', bumped by triggers in the same transaction as every write to those tables (migration 0014), whatever writes.
// A lookup reads the counter (one primary-key row; a request's lookups share one read through a snapshot) and uses only
// entries loaded under that value, so a change made through any server is seen by every server's next request, and a
// load that raced with a change is never served.
import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema';

const GLOBAL = '*';
/** Entries kept; a cache miss only costs the queries it replaces. */
const MAX_ENTRIES = 10_000;

/** Looks configuration up through the cache: the cache itself reads the counter for each lookup, a snapshot once. */
export interface ConfigReader {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
}

interface Entry {
  version: number;
  value: Promise<unknown>;
}

export class ConfigCache implements ConfigReader {
  private readonly entries = new Map<string, Entry>();
  private readonly versionQuery: CompiledQuery;
  private reading: Promise<number> | null = null;

  constructor(private readonly db: Kysely<Database>) {
    this.versionQuery = db.selectFrom('config_versions').select('version').where('organization_id', '=', GLOBAL).compile();
  }

  /** The counter now (lookups at once share one query). */
  version(): Promise<number> {
    this.reading ??= this.db
      .executeQuery<{ version: number }>(this.versionQuery)
      .then((result) => Number(result.rows[0]?.version ?? 0))
      .finally(() => {
        this.reading = null;
      });
    return this.reading;
  }

  /**
   * One request's view: the counter read at its first lookup serves all of them, so every lookup of the request sees
   * the same configuration and a request costs one counter read (a round trip on PostgreSQL) however many it makes.
   * Passed down explicitly: a per-request context (AsyncLocalStorage) cost Node 20 ~6 % of the gateway's CPU in its
   * promise hooks.
   */
  snapshot(): ConfigSnapshot {
    return new ConfigSnapshot(this);
  }

  /** The value under `key` as of the counter now: cached when loaded under this value, else loaded (once) and kept. */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.getAt(this.version(), key, load);
  }

  /** The value under `key` as of `version`. */
  async getAt<T>(version: Promise<number>, key: string, load: () => Promise<T>): Promise<T> {
    const at = await version;
    const entry = this.entries.get(key);
    if (entry && entry.version === at) return entry.value as Promise<T>;
    const value = load();
    this.entries.set(key, { version: at, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}

export class ConfigSnapshot implements ConfigReader {
  private held: Promise<number> | null = null;

  constructor(private readonly cache: ConfigCache) {}

  /** The counter as of this snapshot's first lookup. */
  version(): Promise<number> {
    return (this.held ??= this.cache.version());
  }

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.cache.getAt(this.version(), key, load);
  }
}

const caches = new WeakMap<object, ConfigCache>();

/** One cache per database handle: two app instances on one database keep their own, as two servers would. */
export function configCacheFor(db: Kysely<Database>): ConfigCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new ConfigCache(db);
    caches.set(db, cache);
  }
  return cache;
}
