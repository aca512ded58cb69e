// What every request reads and admins rarely change (models, policies, verifiers, group memberships), cached per
// database handle (per server process) and invalidated through one counter in the database: `config_versions`, row
// '*', bumped by triggers in the same transaction as every write to those tables (migration 0014), whatever writes.
// A request reads the counter (one primary-key row) and uses only entries loaded under that value, so a change made
// through any server is seen by every server's next request, and a load that raced with a change is never served.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema';

const GLOBAL = '*';
/** Entries kept; a cache miss only costs the queries it replaces. */
const MAX_ENTRIES = 10_000;

/**
 * One HTTP request reads the counter once (runWithConfigSnapshot): every lookup of the request sees the same
 * configuration, and a request costs one counter read however many lookups it makes (a round trip each on PostgreSQL).
 */
const requestScope = new AsyncLocalStorage<Map<ConfigCache, Promise<number>>>();

/** Each request under `run` gets its own snapshot of the counter (app.ts wraps every request in it). */
export function runWithConfigSnapshot(run: () => void): void {
  requestScope.run(new Map(), run);
}

interface Entry {
  version: number;
  value: Promise<unknown>;
}

export class ConfigCache {
  private readonly entries = new Map<string, Entry>();
  private readonly versionQuery: CompiledQuery;
  private reading: Promise<number> | null = null;

  constructor(private readonly db: Kysely<Database>) {
    this.versionQuery = db.selectFrom('config_versions').select('version').where('organization_id', '=', GLOBAL).compile();
  }

  /** The counter as of the current request's first lookup, or now outside a request (reads at once share one query). */
  version(): Promise<number> {
    const snapshot = requestScope.getStore();
    const held = snapshot?.get(this);
    if (held) return held;
    const version = this.read();
    snapshot?.set(this, version);
    return version;
  }

  private read(): Promise<number> {
    this.reading ??= this.db
      .executeQuery<{ version: number }>(this.versionQuery)
      .then((result) => Number(result.rows[0]?.version ?? 0))
      .finally(() => {
        this.reading = null;
      });
    return this.reading;
  }

  /** The value under `key` as of the counter now: cached when loaded under this value, else loaded (once) and kept. */
  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const version = await this.version();
    const entry = this.entries.get(key);
    if (entry && entry.version === version) return entry.value as Promise<T>;
    const value = load();
    this.entries.set(key, { version, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    return value;
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
