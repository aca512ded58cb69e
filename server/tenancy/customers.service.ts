import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { Role } from '../../domain/enums';
import type { CustomerType } from '../../domain/enums';
import type { Customer } from '../../domain/schemas/tenancy';
import type { CustomerCreateSchema, CustomerInputSchema } from '../../domain/schemas/tenancy';
import { recordAudit } from '../audit/audit.service';
import type { AuthService } from '../auth/auth.service';
import type { Principal } from '../auth/principal';
import type { Database } from '../db/schema';
import { newId } from '../db/ids';
import { insertFirstAdmin } from '../directory/first-admin';
import { notFound } from '../http/errors';
import { iso } from '../http/rest';
import type { CustomerListQuery, CustomerRow } from './customers.repository';
import { CustomersRepository } from './customers.repository';

export function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    Name: row.name,
    Type: row.type as CustomerType,
    ContactName: row.contact_name,
    ContactEmail: row.contact_email,
    OrganizationCount: row.organization_count,
    CreatedAt: iso(row.created_at),
    UpdatedAt: iso(row.updated_at),
  };
}

/** Customers are the product admin's: every call here is already limited to PRODUCT_ADMIN by the routes. */
export class CustomersService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly auth: AuthService,
  ) {}

  async list(query: CustomerListQuery) {
    const page = await new CustomersRepository(this.db).list(query);
    return { rows: page.rows.map(toCustomer), total: page.total };
  }

  async get(id: string): Promise<Customer> {
    const row = await new CustomersRepository(this.db).findById(id);
    if (!row) throw notFound('The customer');
    return toCustomer(row);
  }

  async create(actor: Principal, input: z.output<typeof CustomerCreateSchema>, baseUrl: string): Promise<Customer> {
    const id = newId();
    const at = Date.now();
    const adminId = await this.db.transaction().execute(async (trx) => {
      await new CustomersRepository(trx).insert({
        id,
        name: input.Name,
        type: input.Type,
        contact_name: input.ContactName,
        contact_email: input.ContactEmail,
        created_at: at,
        updated_at: at,
      });
      const created = toCustomer((await new CustomersRepository(trx).findById(id))!);
      const admin = input.Admin ? await insertFirstAdmin(trx, input.Admin, { role: Role.CUSTOMER_ADMIN, customerId: id, organizationId: null }) : null;
      await recordAudit(trx, actor, {
        action: 'create',
        resource: 'customers',
        recordId: id,
        summary: `Created customer ${input.Name}${input.Admin ? ` with admin ${input.Admin.Email}` : ''}`,
        after: created,
        customerId: id,
        organizationId: null,
      });
      return admin;
    });
    if (adminId && input.Admin) await this.auth.issuePasswordLink(adminId, input.Admin.Email, 'welcome', baseUrl);
    return this.get(id);
  }

  async update(actor: Principal, id: string, input: z.output<typeof CustomerInputSchema>): Promise<Customer> {
    return this.db.transaction().execute(async (trx) => {
      const customers = new CustomersRepository(trx);
      const before = await customers.findById(id);
      if (!before) throw notFound('The customer');
      await customers.update(id, {
        name: input.Name,
        type: input.Type,
        contact_name: input.ContactName,
        contact_email: input.ContactEmail,
        updated_at: Date.now(),
      });
      const after = toCustomer((await customers.findById(id))!);
      await recordAudit(trx, actor, {
        action: 'update',
        resource: 'customers',
        recordId: id,
        summary: `Updated customer ${after.Name}`,
        before: toCustomer(before),
        after,
        customerId: id,
        organizationId: null,
      });
      return after;
    });
  }

  async delete(actor: Principal, id: string): Promise<Customer> {
    return this.db.transaction().execute(async (trx) => {
      const customers = new CustomersRepository(trx);
      const row = await customers.findById(id);
      if (!row) throw notFound('The customer');
      await customers.delete(id);
      const deleted = toCustomer(row);
      await recordAudit(trx, actor, {
        action: 'delete',
        resource: 'customers',
        recordId: id,
        summary: `Deleted customer ${row.name} and its ${row.organization_count} organization(s)`,
        before: deleted,
        customerId: null,
        organizationId: null,
      });
      return deleted;
    });
  }
}
