import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { IdentityType } from '../../domain/enums';
import type { Role } from '../../domain/enums';
import type { FirstAdminSchema } from '../../domain/schemas/tenancy';
import type { Database } from '../db/schema';
import { newId } from '../db/ids';
import { conflict } from '../http/errors';

export type FirstAdmin = z.output<typeof FirstAdminSchema>;

/** Creates the administrator that comes with a new customer or organization; they set a password through a link. */
export async function insertFirstAdmin(
  db: Kysely<Database>,
  admin: FirstAdmin,
  place: { role: Role; customerId: string; organizationId: string | null },
): Promise<string> {
  const taken = await db.selectFrom('users').select('id').where('email', '=', admin.Email).executeTakeFirst();
  if (taken) throw conflict('A user with this email already exists.', { 'Admin.Email': 'A user with this email already exists' });
  const id = newId();
  const at = Date.now();
  await db
    .insertInto('users')
    .values({
      id,
      customer_id: place.customerId,
      organization_id: place.organizationId,
      email: admin.Email,
      first_name: admin.FirstName,
      last_name: admin.LastName,
      role: place.role,
      identity_type: IdentityType.LOCAL,
      password_hash: null,
      enabled: 1,
      image: null,
      last_login_at: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}
