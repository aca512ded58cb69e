import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { LastSyncStatus, Role } from '../../domain/enums';
import type { Organization } from '../../domain/schemas/tenancy';
import type { OrganizationCreateSchema, OrganizationInputSchema } from '../../domain/schemas/tenancy';
import { recordAudit } from '../audit/audit.service';
import type { AuthService } from '../auth/auth.service';
import type { Principal } from '../auth/principal';
import type { Database } from '../db/schema';
import { newId } from '../db/ids';
import { insertFirstAdmin } from '../directory/first-admin';
import { conflict, forbidden, notFound } from '../http/errors';
import { iso, isoOrNull } from '../http/rest';
import type { JobRunner } from '../jobs/job-runner';
import { JobsRepository } from '../jobs/jobs.repository';
import type { OrganizationListQuery, OrganizationRow } from './organizations.repository';
import { OrganizationsRepository } from './organizations.repository';
import { nameTaken } from '../db/name-key';
import { seedDefaultPolicy } from '../policies/policies.seed';

export const CDR_SYNC_JOB = 'cdr-sync';

export function toOrganization(row: OrganizationRow): Organization {
  return {
    id: row.id,
    CustomerId: row.customer_id,
    Name: row.name,
    Domain: row.domain,
    LastSyncStatus: row.last_sync_status as Organization['LastSyncStatus'],
    LastSyncAt: isoOrNull(row.last_sync_at),
    LastSyncMessage: row.last_sync_message ?? null,
    UserCount: row.user_count,
    CreatedAt: iso(row.created_at),
    UpdatedAt: iso(row.updated_at),
  };
}

/**
 * A customer admin manages the organizations of their customer; a product admin may read them all.
 * Anything outside the caller's reach answers 404, as if it did not exist.
 */
export class OrganizationsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly auth: AuthService,
    private readonly jobs: JobRunner,
  ) {}

  async list(actor: Principal, query: Omit<OrganizationListQuery, 'customerId'> & { customerId?: string }) {
    const customerId = actor.role === Role.PRODUCT_ADMIN ? query.customerId : (actor.customerId ?? '');
    const page = await new OrganizationsRepository(this.db).list({ ...query, customerId });
    return { rows: page.rows.map(toOrganization), total: page.total };
  }

  async get(actor: Principal, id: string): Promise<Organization> {
    return toOrganization(await this.findVisible(this.db, actor, id));
  }

  async create(actor: Principal, input: z.output<typeof OrganizationCreateSchema>, baseUrl: string): Promise<Organization> {
    const customerId = actor.customerId;
    if (!customerId) throw forbidden();
    const id = newId();
    const at = Date.now();
    const adminId = await this.db.transaction().execute(async (trx) => {
      await this.assertNameFree(trx, customerId, input.Name, null);
      await new OrganizationsRepository(trx).insert({
        id,
        customer_id: customerId,
        name: input.Name,
        domain: input.Domain,
        last_sync_status: LastSyncStatus.UNKNOWN,
        last_sync_at: null,
        last_sync_message: null,
        created_at: at,
        updated_at: at,
      });
      // Every organization starts protected: personal data anonymized, prompt injection blocked, secrets redacted.
      await seedDefaultPolicy(trx, id, at);
      const admin = input.Admin ? await insertFirstAdmin(trx, input.Admin, { role: Role.ORG_ADMIN, customerId, organizationId: id }) : null;
      const created = toOrganization((await new OrganizationsRepository(trx).findById(id))!);
      await recordAudit(trx, actor, {
        action: 'create',
        resource: 'organizations',
        recordId: id,
        summary: `Created organization ${input.Name}${input.Admin ? ` with admin ${input.Admin.Email}` : ''}`,
        after: created,
        organizationId: id,
      });
      return admin;
    });
    if (adminId && input.Admin) await this.auth.issuePasswordLink(adminId, input.Admin.Email, 'welcome', baseUrl);
    return this.get(actor, id);
  }

  async update(actor: Principal, id: string, input: z.output<typeof OrganizationInputSchema>): Promise<Organization> {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.findManageable(trx, actor, id);
      await this.assertNameFree(trx, before.customer_id, input.Name, id);
      const organizations = new OrganizationsRepository(trx);
      await organizations.update(id, { name: input.Name, domain: input.Domain, updated_at: Date.now() });
      const after = toOrganization((await organizations.findById(id))!);
      await recordAudit(trx, actor, {
        action: 'update',
        resource: 'organizations',
        recordId: id,
        summary: `Updated organization ${after.Name}`,
        before: toOrganization(before),
        after,
        organizationId: id,
      });
      return after;
    });
  }

  async delete(actor: Principal, id: string): Promise<Organization> {
    return this.db.transaction().execute(async (trx) => {
      const row = await this.findManageable(trx, actor, id);
      await new OrganizationsRepository(trx).delete(id);
      const deleted = toOrganization(row);
      await recordAudit(trx, actor, {
        action: 'delete',
        resource: 'organizations',
        recordId: id,
        summary: `Deleted organization ${row.name} and its ${row.user_count} user(s)`,
        before: deleted,
        organizationId: null,
      });
      return deleted;
    });
  }

  /** Starts a sync of the organization's corporate data sources and answers at once. */
  async startSync(actor: Principal, id: string): Promise<{ jobId: string; organization: Organization }> {
    const row = await this.findVisible(this.db, actor, id);
    if (actor.role === Role.PRODUCT_ADMIN) throw forbidden();
    const active = await new JobsRepository(this.db).findActive(CDR_SYNC_JOB, id);
    if (active) throw conflict('A sync of this organization is already running.');
    await new OrganizationsRepository(this.db).update(id, { last_sync_status: LastSyncStatus.IN_PROGRESS, last_sync_message: null });
    const job = await this.jobs.enqueue(CDR_SYNC_JOB, { organizationId: id }, { customerId: row.customer_id, organizationId: id });
    await recordAudit(this.db, actor, { action: 'sync', resource: 'organizations', recordId: id, summary: `Started a data source sync of ${row.name}`, organizationId: id });
    return { jobId: job.id, organization: await this.get(actor, id) };
  }

  private async findVisible(db: Kysely<Database>, actor: Principal, id: string): Promise<OrganizationRow> {
    const row = await new OrganizationsRepository(db).findById(id);
    const visible =
      row &&
      (actor.role === Role.PRODUCT_ADMIN ||
        (actor.role === Role.CUSTOMER_ADMIN && row.customer_id === actor.customerId) ||
        (actor.role === Role.ORG_ADMIN && row.id === actor.organizationId));
    if (!visible) throw notFound('The organization');
    return row;
  }

  private async findManageable(db: Kysely<Database>, actor: Principal, id: string): Promise<OrganizationRow> {
    const row = await this.findVisible(db, actor, id);
    if (actor.role !== Role.CUSTOMER_ADMIN) throw forbidden();
    return row;
  }

  private async assertNameFree(db: Kysely<Database>, customerId: string, name: string, exceptId: string | null): Promise<void> {
    if (await nameTaken(db, 'organizations', customerId, name, exceptId)) throw conflict('An organization with this name already exists.', { Name: 'An organization with this name already exists' });
  }
}
