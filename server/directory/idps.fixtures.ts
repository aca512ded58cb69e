// Test fixtures: another tenant written straight into the database, as the tenancy module would.
import type { Kysely } from 'kysely';
import { CustomerType, IdentityType, Role } from '../../domain/enums';
import { hashPassword } from '../auth/crypto';
import { newId } from '../db/ids';
import type { Database } from '../db/schema';

export interface TenantIds {
  customerId: string;
  organizationId: string;
}

export async function insertCustomer(db: Kysely<Database>, name: string): Promise<string> {
  const id = newId();
  const at = Date.now();
  await db.insertInto('customers').values({ id, name, type: CustomerType.REAL, contact_name: null, contact_email: null, created_at: at, updated_at: at }).execute();
  return id;
}

export async function insertOrganization(db: Kysely<Database>, customerId: string, name: string): Promise<string> {
  const id = newId();
  const at = Date.now();
  await db.insertInto('organizations').values({ id, customer_id: customerId, name, domain: null, last_sync_at: null, created_at: at, updated_at: at }).execute();
  return id;
}

export async function insertUser(
  db: Kysely<Database>,
  user: { email: string; role: Role; customerId: string | null; organizationId: string | null; password?: string; enabled?: boolean; firstName?: string },
): Promise<string> {
  const id = newId();
  const at = Date.now();
  await db
    .insertInto('users')
    .values({
      id,
      customer_id: user.customerId,
      organization_id: user.organizationId,
      email: user.email,
      first_name: user.firstName ?? 'Test',
      last_name: 'Person',
      role: user.role,
      identity_type: IdentityType.LOCAL,
      password_hash: user.password ? await hashPassword(user.password) : null,
      enabled: user.enabled === false ? 0 : 1,
      image: null,
      last_login_at: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

/** A second customer with one organization and its organization admin. */
export async function insertForeignTenant(db: Kysely<Database>, adminEmail: string, password: string): Promise<TenantIds> {
  const customerId = await insertCustomer(db, 'Foreign Customer');
  const organizationId = await insertOrganization(db, customerId, 'Foreign Organization');
  await insertUser(db, { email: adminEmail, role: Role.ORG_ADMIN, customerId, organizationId, password });
  return { customerId, organizationId };
}

export async function demoTenant(db: Kysely<Database>): Promise<TenantIds> {
  const row = await db.selectFrom('users').select(['customer_id', 'organization_id']).where('email', '=', 'org-admin@demo.test').executeTakeFirstOrThrow();
  return { customerId: row.customer_id!, organizationId: row.organization_id! };
}
