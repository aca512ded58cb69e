import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './connection';

describe('SQLite statement cache', () => {
  it('prepares a SQL text once, gives a busy statement a fresh twin, and keeps at most its size', () => {
    const sqlite = new BetterSqlite3(':memory:');
    const database = withStatementCache(sqlite, 2);
    const first = database.prepare('select 1 as one');
    expect(database.prepare('select 1 as one')).toBe(first);
    const iterating = database.prepare('select value from json_each(\'[1,2]\')') as unknown as BetterSqlite3.Statement;
    const rows = iterating.iterate();
    rows.next();
    const twin = database.prepare('select value from json_each(\'[1,2]\')');
    expect(twin).not.toBe(iterating);
    expect(twin.all([])).toEqual([{ value: 1 }, { value: 2 }]);
    rows.return?.();
    database.prepare('select 2');
    // 'select 1 as one' was the least recently used of three: prepared anew.
    expect(database.prepare('select 1 as one')).not.toBe(first);
    database.close();
  });
});
