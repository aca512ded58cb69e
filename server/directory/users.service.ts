import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { IdentityType } from '../../domain/enums';
import type { Role } from '../../domain/enums';
import type { User, UserInputSchema } from '../../domain/schemas/directory';
import { recordAudit } from '../audit/audit.service';
import type { AuthService } from '../auth/auth.service';
import type { Principal } from '../auth/principal';
import type { Database } from '../db/schema';
import { newId } from '../db/ids';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { iso, isoOrNull } from '../http/rest';
import { SessionsRepository } from '../auth/sessions.repository';
import { MembershipsRepository } from './memberships.repository';
import type { UserListQuery, UserRow } from './users.repository';
import { UsersRepository } from './users.repository';

type UserInput = z.output<typeof UserInputSchema>;

export function toUser(row: UserRow, groupIds: string[]): User {
  return {
    id: row.id,
    FirstName: row.first_name,
    LastName: row.last_name,
    Email: row.email,
    Role: row.role as Role,
    IdentityType: row.identity_type as User['IdentityType'],
    GroupIds: groupIds,
    Enabled: row.enabled === 1,
    OrganizationId: row.organization_id,
    LastLoginAt: isoOrNull(row.last_login_at),
    CreatedAt: iso(row.created_at),
    UpdatedAt: iso(row.updated_at),
  };
}

/** An organization admin's users: always inside the admin's own organization. */
export class UsersService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly auth: AuthService,
  ) {}

  async list(actor: Principal, query: Omit<UserListQuery, 'organizationId'>) {
    const organizationId = orgOf(actor);
    const page = await new UsersRepository(this.db).list({ ...query, organizationId });
    const groups = await new MembershipsRepository(this.db).groupIdsByUser(page.rows.map((row) => row.id));
    return { rows: page.rows.map((row) => toUser(row, groups.get(row.id) ?? [])), total: page.total };
  }

  async get(actor: Principal, id: string, db: Kysely<Database> = this.db): Promise<User> {
    const row = await this.find(db, actor, id);
    const groups = await new MembershipsRepository(db).groupIdsByUser([id]);
    return toUser(row, groups.get(id) ?? []);
  }

  async create(actor: Principal, input: UserInput, baseUrl: string): Promise<User & { SetupLink: string | null }> {
    const organizationId = orgOf(actor);
    const id = newId();
    const at = Date.now();
    const created = await this.db.transaction().execute(async (trx) => {
      const users = new UsersRepository(trx);
      if (await users.emailTaken(input.Email, null)) throw conflict('A user with this email already exists.', { Email: 'A user with this email already exists' });
      await this.assertGroups(trx, organizationId, input.GroupIds);
      await users.insert({
        id,
        customer_id: actor.customerId,
        organization_id: organizationId,
        email: input.Email,
        first_name: input.FirstName,
        last_name: input.LastName,
        role: input.Role,
        identity_type: input.IdentityType,
        password_hash: null,
        enabled: input.Enabled ? 1 : 0,
        image: null,
        last_login_at: null,
        created_at: at,
        updated_at: at,
      });
      await new MembershipsRepository(trx).setGroupsOfUser(id, input.GroupIds);
      const user = await this.get(actor, id, trx);
      await recordAudit(trx, actor, { action: 'create', resource: 'users', recordId: id, summary: `Created user ${input.Email}`, after: user });
      return user;
    });
    const needsPassword = input.IdentityType === IdentityType.LOCAL && input.Enabled;
    const SetupLink = needsPassword ? await this.auth.issuePasswordLink(id, input.Email, 'welcome', baseUrl) : null;
    return { ...created, SetupLink };
  }

  async update(actor: Principal, id: string, input: UserInput): Promise<User> {
    const organizationId = orgOf(actor);
    return this.db.transaction().execute(async (trx) => {
      const users = new UsersRepository(trx);
      const beforeRow = await this.find(trx, actor, id);
      const before = await this.get(actor, id, trx);
      if (id === actor.userId && (!input.Enabled || input.Role !== beforeRow.role)) {
        throw badRequest('You cannot disable yourself or change your own role.', input.Enabled ? { Role: 'You cannot change your own role' } : { Enabled: 'You cannot disable yourself' });
      }
      if (await users.emailTaken(input.Email, id)) throw conflict('A user with this email already exists.', { Email: 'A user with this email already exists' });
      await this.assertGroups(trx, organizationId, input.GroupIds);
      await users.update(id, {
        first_name: input.FirstName,
        last_name: input.LastName,
        email: input.Email,
        role: input.Role,
        identity_type: input.IdentityType,
        enabled: input.Enabled ? 1 : 0,
        updated_at: Date.now(),
      });
      await new MembershipsRepository(trx).setGroupsOfUser(id, input.GroupIds);
      // Losing access or privileges takes effect at once, not at the next sign-in.
      if (!input.Enabled || input.Role !== beforeRow.role) await new SessionsRepository(trx).deleteForUser(id);
      const after = await this.get(actor, id, trx);
      await recordAudit(trx, actor, { action: 'update', resource: 'users', recordId: id, summary: `Updated user ${after.Email}`, before, after });
      return after;
    });
  }

  async delete(actor: Principal, id: string): Promise<User> {
    if (id === actor.userId) throw badRequest('You cannot delete yourself.');
    return this.db.transaction().execute(async (trx) => {
      const before = await this.get(actor, id, trx);
      await new SessionsRepository(trx).deleteForUser(id);
      await new UsersRepository(trx).delete(id);
      await recordAudit(trx, actor, { action: 'delete', resource: 'users', recordId: id, summary: `Deleted user ${before.Email}`, before });
      return before;
    });
  }

  private async find(db: Kysely<Database>, actor: Principal, id: string): Promise<UserRow> {
    const row = await new UsersRepository(db).findInOrganization(id, orgOf(actor));
    if (!row) throw notFound('The user');
    return row;
  }

  private async assertGroups(db: Kysely<Database>, organizationId: string, groupIds: string[]): Promise<void> {
    const found = await new MembershipsRepository(db).existingInOrganization('groups', organizationId, groupIds);
    if (found.size !== new Set(groupIds).size) throw badRequest('Some fields are not valid.', { GroupIds: 'Choose groups of your organization' });
  }
}

export function orgOf(actor: Principal): string {
  if (!actor.organizationId) throw forbidden();
  return actor.organizationId;
}
