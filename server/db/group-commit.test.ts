import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../tests/helpers/build';
import type { TestApp } from '../../tests/helpers/build';
import type { Db } from './connection';
import { isPostgres, openDatabase } from './connection';
import { GroupCommit } from './group-commit';
import type { Database } from './schema';

// Writes of concurrent callers share one transaction; each caller hears back only once that transaction committed
// (as seen from another handle on the database), and a failing write fails alone.

let t: TestApp;
let other: Db;

beforeAll(async () => {
  t = await build({ seed: false, env: { JOBS: 'false' } });
  other = openDatabase(t.config.DATABASE_URL, { schema: t.db.schema });
  await sql`create table group_commit_test (id text primary key, n integer not null)`.execute(t.db.kysely);
});

afterAll(async () => {
  await other.close();
  await t.close();
});

const insert = (id: string, n = 0) => (trx: Kysely<Database>) => sql`insert into group_commit_test (id, n) values (${id}, ${n})`.execute(trx);
const visible = async (ids: string[]) =>
  (await sql<{ id: string }>`select id from group_commit_test order by id`.execute(other.kysely)).rows.map((row) => row.id).filter((id) => ids.includes(id));

describe('group commit', () => {
  it('commits the writes queued together once, and answers each only after the commit', async () => {
    const group = new GroupCommit(t.db.kysely);
    const ids = Array.from({ length: 10 }, (_, index) => `a${index}`);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const settled: string[] = [];
    const writes = ids.map((id) => group.run(insert(id)).then(() => settled.push(id)));
    // The last write of the batch keeps its transaction open until released.
    const last = group.run(async (trx) => {
      await insert('a_last')(trx);
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(settled).toEqual([]);
    expect(await visible(ids)).toEqual([]);
    release();
    await Promise.all([...writes, last]);
    expect(group.commits).toBe(1);
    expect(await visible(ids)).toEqual(ids);
  });

  it('a failing write fails alone: the others are committed', async () => {
    const group = new GroupCommit(t.db.kysely);
    await group.run(insert('b_taken'));
    const results = await Promise.allSettled([group.run(insert('b1')), group.run(insert('b_taken')), group.run(insert('b2'))]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await visible(['b1', 'b2', 'b_taken'])).toEqual(['b1', 'b2', 'b_taken']);
  });

  it('a work answers what it returned, in its caller\'s order', async () => {
    const group = new GroupCommit(t.db.kysely, { maxBatch: 2, maxInFlight: 1 });
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => group.run(async (trx) => (await insert(`c${n}`, n)(trx), n * 10))));
    expect(answers).toEqual([10, 20, 30, 40, 50]);
    expect(group.commits).toBe(3);
  });

  it.runIf(process.env.DATABASE_URL_TEST)('PostgreSQL: skips the disk flush only when every write of the transaction allows it', async () => {
    expect(isPostgres(t.db.kysely)).toBe(true);
    const group = new GroupCommit(t.db.kysely);
    const setting = (trx: Kysely<Database>) => sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(trx).then((result) => result.rows[0]!.synchronous_commit);
    expect(await Promise.all([group.run(setting, { relaxed: true }), group.run(setting, { relaxed: true })])).toEqual(['off', 'off']);
    expect(await Promise.all([group.run(setting, { relaxed: true }), group.run(setting)])).toEqual(['on', 'on']);
  });
});
