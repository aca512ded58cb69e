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
