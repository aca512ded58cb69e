import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { Role } from '../../domain/enums';
import type { Group, GroupInputSchema } from '../../domain/schemas/directory';
import { recordAudit } from '../audit/audit.service';
import type { Principal } from '../auth/principal';
import type { Database } from '../db/schema';
import { newId } from '../db/ids';
import { badRequest, conflict, notFound } from '../http/errors';
import { iso } from '../http/rest';
import type { GroupListQuery, GroupRow } from './groups.repository';
import { GroupsRepository } from './groups.repository';
import { MembershipsRepository } from './memberships.repository';
import { orgOf } from './users.service';

type GroupInput = z.output<typeof GroupInputSchema>;

export function toGroup(row: GroupRow, memberIds: string[]): Group {
  return {
    id: row.id,
    Name: row.name,
    Description: row.description,
    IdentityType: row.identity_type as Group['IdentityType'],
    MemberIds: memberIds,
    MemberCount: memberIds.length,
    CreatedAt: iso(row.created_at),
    UpdatedAt: iso(row.updated_at),
  };
}

/** Groups of one organization: its admin manages them; a USER reads only the groups they belong to. */
export class GroupsService {
  constructor(private readonly db: Kysely<Database>) {}

  async list(actor: Principal, query: Omit<GroupListQuery, 'organizationId' | 'memberId'>) {
    const page = await new GroupsRepository(this.db).list({ ...query, organizationId: orgOf(actor), memberId: memberFilter(actor) });
    const members = await new MembershipsRepository(this.db).userIdsByGroup(page.rows.map((row) => row.id));
    return { rows: page.rows.map((row) => this.present(actor, row, members.get(row.id) ?? [])), total: page.total };
  }

  async get(actor: Principal, id: string, db: Kysely<Database> = this.db): Promise<Group> {
    const row = await new GroupsRepository(db).findInOrganization(id, orgOf(actor));
    const members = (await new MembershipsRepository(db).userIdsByGroup([id])).get(id) ?? [];
    const member = memberFilter(actor);
    if (!row || (member && !members.includes(member))) throw notFound('The group');
    return this.present(actor, row, members);
  }

  async create(actor: Principal, input: GroupInput): Promise<Group> {
    const organizationId = orgOf(actor);
    const id = newId();
    const at = Date.now();
    return this.db.transaction().execute(async (trx) => {
      await this.assertValid(trx, organizationId, input, null);
      await new GroupsRepository(trx).insert({
        id,
        organization_id: organizationId,
        name: input.Name,
        description: input.Description,
        identity_type: input.IdentityType,
        created_at: at,
        updated_at: at,
      });
      await new MembershipsRepository(trx).setMembersOfGroup(id, unique(input.MemberIds));
      const group = await this.get(actor, id, trx);
      await recordAudit(trx, actor, { action: 'create', resource: 'groups', recordId: id, summary: `Created group ${group.Name}`, after: group });
      return group;
    });
  }

  async update(actor: Principal, id: string, input: GroupInput): Promise<Group> {
    const organizationId = orgOf(actor);
    return this.db.transaction().execute(async (trx) => {
      const before = await this.get(actor, id, trx);
      await this.assertValid(trx, organizationId, input, id);
      await new GroupsRepository(trx).update(id, { name: input.Name, description: input.Description, identity_type: input.IdentityType, updated_at: Date.now() });
      await new MembershipsRepository(trx).setMembersOfGroup(id, unique(input.MemberIds));
      const after = await this.get(actor, id, trx);
      await recordAudit(trx, actor, { action: 'update', resource: 'groups', recordId: id, summary: `Updated group ${after.Name}`, before, after });
      return after;
    });
  }

  async delete(actor: Principal, id: string): Promise<Group> {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.get(actor, id, trx);
      await new GroupsRepository(trx).delete(id);
      await recordAudit(trx, actor, { action: 'delete', resource: 'groups', recordId: id, summary: `Deleted group ${before.Name}`, before });
      return before;
    });
  }

  /** A USER does not see who else is in their groups. */
  private present(actor: Principal, row: GroupRow, memberIds: string[]): Group {
    const group = toGroup(row, memberIds);
    return actor.role === Role.USER ? { ...group, MemberIds: [] } : group;
  }

  private async assertValid(db: Kysely<Database>, organizationId: string, input: GroupInput, exceptId: string | null): Promise<void> {
    if (await new GroupsRepository(db).nameTaken(organizationId, input.Name, exceptId)) {
      throw conflict('A group with this name already exists.', { Name: 'A group with this name already exists' });
    }
    const wanted = unique(input.MemberIds);
    const found = await new MembershipsRepository(db).existingInOrganization('users', organizationId, wanted);
    if (found.size !== wanted.length) throw badRequest('Some fields are not valid.', { MemberIds: 'Choose users of your organization' });
  }
}

function memberFilter(actor: Principal): string | undefined {
  return actor.role === Role.USER ? actor.userId : undefined;
}

const unique = (ids: string[]): string[] => [...new Set(ids)];
