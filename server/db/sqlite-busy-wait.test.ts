import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './connection';
import type { Db } from './connection';
import { retryWhileBusy } from './sqlite-busy-wait';

describe('a statement meeting another connection’s write lock (SQLite)', () => {
  let dir: string;
  let db: Db;
  let other: BetterSqlite3.Database;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'busy-wait-'));
    const file = path.join(dir, 'console.db');
    db = openDatabase(`sqlite:${file}`);
    await sql`create table notes (id integer primary key, text text not null)`.execute(db.kysely);
    other = new BetterSqlite3(file);
  });

  afterEach(async () => {
    other.close();
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('waits on the event loop: timers run meanwhile, and the write lands once the lock is released', async () => {
    other.exec('begin immediate');
    other.exec(`insert into notes (text) values ('from the other connection')`);
    const ticks: number[] = [];
    const ticker = setInterval(() => ticks.push(Date.now()), 5);
    // Released from this same event loop: a wait that slept the thread could never see it.
    setTimeout(() => other.exec('commit'), 60);
    try {
      await sql`insert into notes (text) values ('from the server')`.execute(db.kysely);
    } finally {
      clearInterval(ticker);
    }
    expect(ticks.length).toBeGreaterThanOrEqual(5);
    const { rows } = await sql<{ text: string }>`select text from notes order by id`.execute(db.kysely);
    expect(rows.map((row) => row.text)).toEqual(['from the other connection', 'from the server']);
  });

  it('also inside a transaction, whose statements stay in order', async () => {
    other.exec('begin immediate');
    setTimeout(() => other.exec('rollback'), 40);
    await db.kysely.transaction().execute(async (trx) => {
      await sql`insert into notes (text) values ('one')`.execute(trx);
      await sql`insert into notes (text) values ('two')`.execute(trx);
    });
    const { rows } = await sql<{ text: string }>`select text from notes order by id`.execute(db.kysely);
    expect(rows.map((row) => row.text)).toEqual(['one', 'two']);
  });

  it('a transaction that reads, then writes, is not refused because another connection committed in between', async () => {
    other.pragma('busy_timeout = 0');
    let otherMeanwhile = '';
    await db.kysely.transaction().execute(async (trx) => {
      await sql`select count(*) from notes`.execute(trx);
      // With a plain `begin` this write lands, and the transaction's own write below fails with SQLITE_BUSY_SNAPSHOT.
      try {
        other.exec(`insert into notes (text) values ('from the other connection')`);
        otherMeanwhile = 'written';
      } catch (error) {
        otherMeanwhile = (error as { code?: string }).code ?? 'failed';
      }
      await sql`insert into notes (text) values ('from the server')`.execute(trx);
    });
    expect(otherMeanwhile).toBe('SQLITE_BUSY');
    other.exec(`insert into notes (text) values ('from the other connection')`);
    const { rows } = await sql<{ text: string }>`select text from notes order by id`.execute(db.kysely);
    expect(rows.map((row) => row.text)).toEqual(['from the server', 'from the other connection']);
  });

  it('a read-only transaction leaves the write lock to the others', async () => {
    other.pragma('busy_timeout = 0');
    await db.kysely.transaction().setAccessMode('read only').execute(async (trx) => {
      await sql`select count(*) from notes`.execute(trx);
      other.exec(`insert into notes (text) values ('from the other connection')`);
      const { rows } = await sql<{ n: number }>`select count(*) as n from notes`.execute(trx);
      expect(rows[0]!.n).toBe(0);
    });
  });

  it('gives up with SQLITE_BUSY when the lock outlasts the budget, and retries nothing else', async () => {
    let attempts = 0;
    const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    await expect(retryWhileBusy(async () => {
      attempts += 1;
      throw busy;
    }, 30)).rejects.toBe(busy);
    expect(attempts).toBeGreaterThan(3);

    attempts = 0;
    const snapshot = Object.assign(new Error('snapshot'), { code: 'SQLITE_BUSY_SNAPSHOT' });
    await expect(retryWhileBusy(async () => {
      attempts += 1;
      throw snapshot;
    })).rejects.toBe(snapshot);
    expect(attempts).toBe(1);
  });
});
