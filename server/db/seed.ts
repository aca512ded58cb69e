import type { Kysely } from 'kysely';
import { CustomerType, IdentityType, Role } from '../../domain/enums';
import { hashPassword } from '../auth/crypto';
import type { Database } from './schema';
import { newId } from './ids';
import { seedDefaultPolicy } from '../policies/policies.seed';
import { seedDemoLanguageModel } from '../models/seed';
import { seedDemoVerifier } from '../verifiers/seed';

export const DEMO_USERS = [
  { email: 'product-admin@demo.test', firstName: 'Priya', lastName: 'Product', role: Role.PRODUCT_ADMIN },
  { email: 'customer-admin@demo.test', firstName: 'Carlos', lastName: 'Customer', role: Role.CUSTOMER_ADMIN },
  { email: 'org-admin@demo.test', firstName: 'Olivia', lastName: 'Orgadmin', role: Role.ORG_ADMIN },
  { email: 'user@demo.test', firstName: 'Umar', lastName: 'User', role: Role.USER },
] as const;

export const DEMO_CUSTOMER_NAME = 'Demo Customer';
export const DEMO_ORGANIZATION_NAME = 'Demo Organization';

export async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count) === 0;
}

/** One customer, one organization and one user per role, all with the same demo password. Idempotent. */
export async function seedDemo(db: Kysely<Database>, password: string): Promise<boolean> {
  const existing = await db.selectFrom('users').select('id').where('email', '=', DEMO_USERS[0].email).executeTakeFirst();
  if (existing) return false;
  const passwordHash = await hashPassword(password);
  const at = Date.now();
  await db.transaction().execute(async (trx) => {
    const customerId = newId();
    const organizationId = newId();
    await trx
      .insertInto('customers')
      .values({ id: customerId, name: DEMO_CUSTOMER_NAME, type: CustomerType.DEMO, contact_name: 'Carlos Customer', contact_email: 'customer-admin@demo.test', created_at: at, updated_at: at })
      .execute();
    await trx
      .insertInto('organizations')
      .values({ id: organizationId, customer_id: customerId, name: DEMO_ORGANIZATION_NAME, domain: 'demo.test', last_sync_at: null, created_at: at, updated_at: at })
      .execute();
    for (const user of DEMO_USERS) {
      const inCustomer = user.role !== Role.PRODUCT_ADMIN;
      const inOrganization = user.role === Role.ORG_ADMIN || user.role === Role.USER;
      await trx
        .insertInto('users')
        .values({
          id: newId(),
          customer_id: inCustomer ? customerId : null,
          organization_id: inOrganization ? organizationId : null,
          email: user.email,
          first_name: user.firstName,
          last_name: user.lastName,
          role: user.role,
          identity_type: IdentityType.LOCAL,
          password_hash: passwordHash,
          enabled: 1,
          image: null,
          last_login_at: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    await seedDefaultPolicy(trx, organizationId, at);
    await seedDemoLanguageModel(trx, organizationId, at);
    await seedDemoVerifier(trx, organizationId, at);
  });
  return true;
}
