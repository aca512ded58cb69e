import type { Kysely, Selectable } from 'kysely';
import type { Database, GroupsTable } from '../db/schema';
import { containsAny } from '../db/like';
import { nameTaken } from '../db/name-key';

export type GroupRow = Selectable<GroupsTable>;

export const GROUP_SORT = { id: 'id', Name: 'name', Description: 'description', IdentityType: 'identity_type', CreatedAt: 'created_at', UpdatedAt: 'updated_at' } as const;
export type GroupSortField = keyof typeof GROUP_SORT;

export interface GroupListQuery {
  organizationId: string;
  /** Only groups this user belongs to (a USER sees their own groups). */
  memberId?: string;
  search?: string;
  ids?: string[];
  sortField: GroupSortField;
  sortOrder: 'asc' | 'desc';
  offset: number;
  limit: number;
}

export class GroupsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(query: GroupListQuery): Promise<{ rows: GroupRow[]; total: number }> {
    let base = this.db.selectFrom('groups').where('organization_id', '=', query.organizationId);
    if (query.memberId) {
      const memberId = query.memberId;
      base = base.where('id', 'in', (eb) => eb.selectFrom('group_members').select('group_id').where('user_id', '=', memberId));
    }
    if (query.search) base = base.where((eb) => containsAny(eb, ['name', 'description'], query.search!));
    if (query.ids) base = base.where('id', 'in', query.ids.length ? query.ids : ['']);
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy(GROUP_SORT[query.sortField], query.sortOrder).orderBy('id').offset(query.offset).limit(query.limit).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  findInOrganization(id: string, organizationId: string): Promise<GroupRow | undefined> {
    return this.db.selectFrom('groups').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst();
  }

  /** Unicode case-insensitive, on the stored name key (see db/name-key.ts). */
  nameTaken(organizationId: string, name: string, exceptId: string | null): Promise<boolean> {
    return nameTaken(this.db, 'groups', organizationId, name, exceptId);
  }

  async insert(row: GroupRow): Promise<void> {
    await this.db.insertInto('groups').values(row).execute();
  }

  async update(id: string, changes: Partial<GroupRow>): Promise<void> {
    await this.db.updateTable('groups').set(changes).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('groups').where('id', '=', id).execute();
  }
}
