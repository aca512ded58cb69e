// `npm run bench:ids`: what the shape of an id costs a table that already holds many rows. A table keyed by id with a
// time index, and a child table keyed by (parent id, name) — a prompt and its stages, in small — are filled with
// BENCH_IDS_ROWS rows (300,000), then BENCH_IDS_INSERTS (20,000) more are written two to a transaction, as the group
// commit does under load: once with random ids (what newId made before) and once with newId's time-ordered ids,
// alternated twice, each on a fresh SQLite file in WAL mode with the server's settings. Prints µs per row.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { newId } from './ids';

const ROWS = Number(process.env.BENCH_IDS_ROWS ?? 300_000);
const INSERTS = Number(process.env.BENCH_IDS_INSERTS ?? 20_000);
const PER_TRANSACTION = 2;
const CHILDREN = ['guard', 'policy', 'llm'];

const randomId = () => randomBytes(12).toString('hex');

function run(label: string, makeId: () => string, dir: string): void {
  const file = path.join(dir, `${label}.db`);
  const db = new BetterSqlite3(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('cache_size = -65536');
  db.exec(`create table parent (id text primary key, organization_id text not null, created_at integer not null, body text not null);
           create index parent_org_created on parent (organization_id, created_at);
           create table child (parent_id text not null, name text not null, detail text not null, primary key (parent_id, name));`);
  const insertParent = db.prepare('insert into parent values (?, ?, ?, ?)');
  const insertChild = db.prepare('insert into child values (?, ?, ?)');
  const body = 'x'.repeat(60);
  const write = (at: number) => {
    const id = makeId();
    insertParent.run(id, 'organization', at, body);
    for (const name of CHILDREN) insertChild.run(id, name, body);
  };
  db.transaction(() => {
    for (let index = 0; index < ROWS; index += 1) write(index);
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  const begin = db.prepare('begin immediate');
  const commit = db.prepare('commit');
  const started = performance.now();
  for (let index = 0; index < INSERTS; index += PER_TRANSACTION) {
    begin.run();
    for (let one = 0; one < PER_TRANSACTION; one += 1) write(ROWS + index + one);
    commit.run();
  }
  const perRow = ((performance.now() - started) * 1000) / INSERTS;
  console.log(`${label.padEnd(12)} ${perRow.toFixed(1).padStart(7)} µs per row (a row and its ${CHILDREN.length} children, ${ROWS.toLocaleString('en')} rows before)`);
  db.close();
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ids-'));
try {
  for (const round of [1, 2]) {
    run(`random-${round}`, randomId, dir);
    run(`ordered-${round}`, newId, dir);
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
