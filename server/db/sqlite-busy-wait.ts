// SQLite's busy timeout waits for another connection's write lock by sleeping the calling thread, in steps that grow to
// 25–100 ms: a lock held 5 ms by the job host thread cost a request's statement 10–37 ms with the server's event loop
// stopped meanwhile. This dialect waits on the event loop instead: a statement refused with SQLITE_BUSY is tried again
// after a short timer, within the same overall budget the busy timeout gave.
import type { DatabaseConnection, Driver, QueryResult, TransactionSettings } from 'kysely';
import { CompiledQuery, SqliteDialect } from 'kysely';

/** The overall wait for a lock before the statement fails, as `busy_timeout = 5000` gave. */
export const SQLITE_LOCK_WAIT_MS = 5_000;
const FIRST_RETRY_MS = 1;
const LONGEST_RETRY_MS = 4;

const isBusy = (error: unknown) => (error as { code?: unknown } | null)?.code === 'SQLITE_BUSY';
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs a statement, trying again while the database answers SQLITE_BUSY (another connection holds the write lock).
 * Only plain SQLITE_BUSY is retried: SQLITE_BUSY_SNAPSHOT (a transaction read a snapshot another writer has since
 * replaced) cannot succeed by waiting, exactly as under SQLite's own busy handler.
 */
export async function retryWhileBusy<T>(run: () => Promise<T>, budgetMs = SQLITE_LOCK_WAIT_MS): Promise<T> {
  const giveUpAt = Date.now() + budgetMs;
  for (let wait = FIRST_RETRY_MS; ; wait = Math.min(LONGEST_RETRY_MS, wait * 2)) {
    try {
      return await run();
    } catch (error) {
      if (!isBusy(error) || Date.now() >= giveUpAt) throw error;
      await pause(wait);
    }
  }
}

class BusyWaitingConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // Kysely's SQLite connection throws synchronously; the arrow turns that into a rejection retryWhileBusy sees.
    return retryWhileBusy(async () => this.inner.executeQuery<R>(query));
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class BusyWaitingDriver implements Driver {
  private readonly connections = new WeakMap<DatabaseConnection, BusyWaitingConnection>();

  constructor(private readonly inner: Driver) {}

  init = () => this.inner.init();
  destroy = () => this.inner.destroy();

  async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await this.inner.acquireConnection();
    let wrapped = this.connections.get(inner);
    if (!wrapped) this.connections.set(inner, (wrapped = new BusyWaitingConnection(inner)));
    return wrapped;
  }

  releaseConnection = (connection: DatabaseConnection) => this.inner.releaseConnection(this.unwrap(connection));
  /**
   * A transaction takes the write lock as it begins (`begin immediate`), waiting on the event loop while another
   * connection holds it. A plain `begin` reads a snapshot first, and its first write then fails at once with
   * SQLITE_BUSY_SNAPSHOT (no wait helps) if the job host's connection committed in between: a 500 for a request that
   * reads, checks, then saves. A transaction opened with `setAccessMode('read only')` keeps the plain `begin`.
   */
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(settings.accessMode === 'read only' ? 'begin' : 'begin immediate'));
  }

  commitTransaction = (connection: DatabaseConnection) => this.inner.commitTransaction(connection);
  rollbackTransaction = (connection: DatabaseConnection) => this.inner.rollbackTransaction(connection);
  savepoint: Driver['savepoint'] = (connection, name, compile) => this.inner.savepoint!(connection, name, compile);
  rollbackToSavepoint: Driver['rollbackToSavepoint'] = (connection, name, compile) => this.inner.rollbackToSavepoint!(connection, name, compile);
  releaseSavepoint: Driver['releaseSavepoint'] = (connection, name, compile) => this.inner.releaseSavepoint!(connection, name, compile);

  private unwrap(connection: DatabaseConnection): DatabaseConnection {
    return connection instanceof BusyWaitingConnection ? connection.inner : connection;
  }
}

/** `SqliteDialect` whose statements wait for another connection's lock without blocking the event loop. */
export class BusyWaitingSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    return new BusyWaitingDriver(super.createDriver());
  }
}
