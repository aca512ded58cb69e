// Whose metrics a caller may read: their own organization (ORG_ADMIN, USER — a USER only their own prompts), or any
// organization of their customer (CUSTOMER_ADMIN). Anything else answers "not found", as the REST routes do.
import type { Kysely } from 'kysely';
import { Role } from '../../domain/enums';
import type { Principal } from '../auth/principal';
import type { Database } from '../db/schema';

export const METRICS_READERS = [Role.CUSTOMER_ADMIN, Role.ORG_ADMIN, Role.USER] as const;
/** Who may change an organization's risk settings and read its critical events. */
export const OBSERVABILITY_ADMINS = [Role.CUSTOMER_ADMIN, Role.ORG_ADMIN] as const;

export class ScopeError extends Error {
  constructor(message = 'The organization was not found.') {
    super(message);
  }
}

/** The organization a caller names, when they may read it; null otherwise. */
export async function organizationInScope(db: Kysely<Database>, actor: Principal, organizationId: string, customerId?: string): Promise<string | null> {
  if (customerId !== undefined && customerId !== actor.customerId) return null;
  if (actor.role === Role.ORG_ADMIN || actor.role === Role.USER) return actor.organizationId === organizationId ? organizationId : null;
  if (actor.role === Role.CUSTOMER_ADMIN && actor.customerId) {
    const row = await db.selectFrom('organizations').select('id').where('id', '=', organizationId).where('customer_id', '=', actor.customerId).executeTakeFirst();
    return row ? row.id : null;
  }
  return null;
}

export async function requireOrganization(db: Kysely<Database>, actor: Principal, organizationId: string, customerId?: string): Promise<string> {
  const organization = await organizationInScope(db, actor, organizationId, customerId);
  if (!organization) throw new ScopeError();
  return organization;
}
