import type { Kysely, Selectable } from 'kysely';
import type { Database, GuardExamplesTable } from '../db/schema';
import { configCacheFor } from '../db/config-cache';
import type { ConfigReader } from '../db/config-cache';

export type GuardExampleRow = Selectable<GuardExamplesTable>;

export class GuardExamplesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(organizationId: string, offset: number, limit: number, order: 'asc' | 'desc', sort: 'created_at' | 'id' = 'created_at'): Promise<{ rows: GuardExampleRow[]; total: number }> {
    const base = this.db.selectFrom('guard_examples').where('organization_id', '=', organizationId);
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy(sort, order).orderBy('id', order).offset(offset).limit(limit).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  find(organizationId: string, id: string): Promise<GuardExampleRow | undefined> {
    return this.db.selectFrom('guard_examples').selectAll().where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();
  }

  async insert(row: GuardExampleRow): Promise<void> {
    await this.db.insertInto('guard_examples').values(row).execute();
  }

  async delete(organizationId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('guard_examples').where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  async texts(organizationId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('guard_examples').select('text').where('organization_id', '=', organizationId).orderBy('created_at').execute();
    return rows.map((row) => row.text);
  }
}

/** The organization's guard examples through the configuration cache (the table's triggers invalidate it). */
export function guardExamplesOf(db: Kysely<Database>, organizationId: string, config: ConfigReader = configCacheFor(db)): Promise<string[]> {
  return config.get(`guard-examples:${organizationId}`, () => new GuardExamplesRepository(db).texts(organizationId));
}
