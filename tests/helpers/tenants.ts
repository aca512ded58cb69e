// A second tenant beside the demo one, so isolation can be tested: customer, organization, one user per role.
import { CustomerType, IdentityType, Role } from '../../domain/enums';
import { hashPassword } from '../../server/auth/crypto';
import { newId } from '../../server/db/ids';
import type { TestApp } from './build';
import { TEST_PASSWORD } from './build';

export interface Tenant {
  customerId: string;
  organizationId: string;
  users: Record<'productAdmin' | 'customerAdmin' | 'orgAdmin' | 'user', { id: string; email: string }>;
}

export async function demoTenant(t: TestApp): Promise<Tenant> {
  const org = await t.db.kysely.selectFrom('organizations').selectAll().where('name', '=', 'Demo Organization').executeTakeFirstOrThrow();
  const users = await t.db.kysely.selectFrom('users').select(['id', 'email', 'role']).where('email', 'like', '%@demo.test').execute();
  const byRole = (role: number) => users.find((user) => user.role === role)!;
  return {
    customerId: org.customer_id,
    organizationId: org.id,
    users: {
      productAdmin: byRole(Role.PRODUCT_ADMIN),
      customerAdmin: byRole(Role.CUSTOMER_ADMIN),
      orgAdmin: byRole(Role.ORG_ADMIN),
      user: byRole(Role.USER),
    },
  };
}

/** Inserts another customer with one organization and a customer admin, an org admin and a user. */
export async function otherTenant(t: TestApp, name = 'Other'): Promise<Tenant> {
  const at = Date.now();
  const customerId = newId();
  const organizationId = newId();
  const slug = name.toLowerCase();
  const passwordHash = await hashPassword(TEST_PASSWORD);
  await t.db.kysely
    .insertInto('customers')
    .values({ id: customerId, name: `${name} Customer`, type: CustomerType.REAL, contact_name: null, contact_email: null, created_at: at, updated_at: at })
    .execute();
  await t.db.kysely
    .insertInto('organizations')
    .values({ id: organizationId, customer_id: customerId, name: `${name} Organization`, domain: null, last_sync_at: null, created_at: at, updated_at: at })
    .execute();
  const make = async (role: Role, local: string) => {
    const id = newId();
    const email = `${local}@${slug}.test`;
    await t.db.kysely
      .insertInto('users')
      .values({
        id,
        customer_id: customerId,
        organization_id: role === Role.CUSTOMER_ADMIN ? null : organizationId,
        email,
        first_name: name,
        last_name: local,
        role,
        identity_type: IdentityType.LOCAL,
        password_hash: passwordHash,
        enabled: 1,
        image: null,
        last_login_at: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    return { id, email };
  };
  const productAdmin = (await demoTenant(t)).users.productAdmin;
  return {
    customerId,
    organizationId,
    users: {
      productAdmin,
      customerAdmin: await make(Role.CUSTOMER_ADMIN, 'customer-admin'),
      orgAdmin: await make(Role.ORG_ADMIN, 'org-admin'),
      user: await make(Role.USER, 'user'),
    },
  };
}
