// Each server process is an instance with a random id and a heartbeat in `server_instances`. A prompt in progress
// carries the id of the instance serving it, so recovery fails only the prompts of instances that are gone: those
// whose heartbeat is older than `expireMs` (a crash, a kill, a lost machine), and at a start also rows naming none
// (older rows, tools). A starting server recovers at once, and every heartbeat sweeps again, so a server that died
// just before another started is recovered within `expireMs`. A live server's prompts are never touched, whichever server starts or sweeps.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { newId } from '../db/ids';
import { LifecycleRepository } from './lifecycle.repository';

export interface ServerInstanceOptions {
  heartbeatMs: number;
  /** A heartbeat older than this means the instance is gone. Several heartbeats, so a busy event loop is not death. */
  expireMs: number;
  onRecovered?: (count: number) => void;
  onError?: (error: unknown) => void;
}

export const DEFAULT_INSTANCE_OPTIONS = { heartbeatMs: 10_000, expireMs: 60_000 } as const;

export class ServerInstance {
  readonly id = newId();
  private timer: NodeJS.Timeout | null = null;
  private beating: Promise<unknown> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: ServerInstanceOptions,
  ) {}

  /** Registers the instance, recovers what dead instances left in progress, and starts the heartbeat. */
  async start(at = Date.now()): Promise<number> {
    await this.db.insertInto('server_instances').values({ id: this.id, started_at: at, heartbeat_at: at }).execute();
    const recovered = await this.recover(at, true);
    this.timer = setInterval(() => {
      if (this.beating) return;
      this.beating = this.beat()
        .catch((error: unknown) => this.options.onError?.(error))
        .finally(() => {
          this.beating = null;
        });
    }, this.options.heartbeatMs);
    this.timer.unref();
    return recovered;
  }

  /** One heartbeat, then a sweep for instances that stopped beating. */
  async beat(at = Date.now()): Promise<number> {
    // An upsert: a server that stalled past the limit (and was recovered by others) registers again.
    await this.db
      .insertInto('server_instances')
      .values({ id: this.id, started_at: at, heartbeat_at: at })
      .onConflict((oc) => oc.column('id').doUpdateSet({ heartbeat_at: at }))
      .execute();
    return this.recover(at);
  }

  /**
   * Fails the in-progress prompts of gone instances (and with `unowned`, those naming none) and forgets those
   * instances. Answers how many prompts.
   */
  async recover(at = Date.now(), unowned = false): Promise<number> {
    const live = await this.db.selectFrom('server_instances').select('id').where('heartbeat_at', '>', at - this.options.expireMs).execute();
    const liveIds = [...new Set([this.id, ...live.map((row) => row.id)])];
    const count = await new LifecycleRepository(this.db).failInterrupted(at, { liveInstanceIds: liveIds, unowned });
    await this.db.deleteFrom('server_instances').where('id', 'not in', liveIds).execute();
    if (count) this.options.onRecovered?.(count);
    return count;
  }

  /** A clean stop (after the server finished its requests): the instance leaves the table. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.beating;
    await this.db.deleteFrom('server_instances').where('id', '=', this.id).execute();
  }
}
