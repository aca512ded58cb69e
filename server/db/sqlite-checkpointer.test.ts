import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { FALLBACK_AUTOCHECKPOINT_PAGES, startCheckpointer } from './sqlite-checkpointer';

describe('SQLite checkpoints in a worker thread', () => {
  it('copies committed pages into the database file while the main connection only appends to the log', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkpointer-'));
    const file = path.join(dir, 'test.db');
    const sqlite = new BetterSqlite3(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
    sqlite.exec('create table t (id integer primary key, text text)');
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    const before = fs.statSync(file).size;
    const checkpointer = startCheckpointer(file, 20);
    const insert = sqlite.prepare('insert into t (text) values (?)');
    for (let index = 0; index < 200; index += 1) insert.run('x'.repeat(2000));
    // The main connection never reached its own limit: only the worker can have grown the database file.
    // Wait for the whole copy, not the first page of it: the file grows as the worker's checkpoint proceeds.
    const copied = before + 200 * 2000;
    const deadline = Date.now() + 5000;
    while (fs.statSync(file).size <= copied && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fs.statSync(file).size).toBeGreaterThan(copied);
    await checkpointer.stop();
    expect(sqlite.prepare('select count(*) as n from t').get()).toEqual({ n: 200 });
    sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
