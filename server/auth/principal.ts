import type { Role } from '../../domain/enums';

/** Who is calling: resolved once per request from the session cookie (or, later, an access token). */
export interface Principal {
  userId: string;
  email: string;
  role: Role;
  customerId: string | null;
  organizationId: string | null;
  sessionIdHash: string | null;
}

/** What a principal is made of: a user's row (or the same columns read beside another row). */
export interface PrincipalUser {
  id: string;
  email: string;
  role: number;
  customer_id: string | null;
  organization_id: string | null;
  enabled: number;
}

/** The principal of an enabled user; undefined for a disabled one (whose sessions and tokens stop working). */
export function principalOfUser(user: PrincipalUser, sessionIdHash: string | null): Principal | undefined {
  if (Number(user.enabled) !== 1) return undefined;
  return { userId: user.id, email: user.email, role: user.role as Role, customerId: user.customer_id, organizationId: user.organization_id, sessionIdHash };
}

