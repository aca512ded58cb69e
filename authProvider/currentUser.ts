import type { UserIdentity } from 'react-admin';
import { CurrentUserSchema, displayName } from '../domain';
import type { CurrentUser } from '../domain';
import { getJson } from '../dataProvider/api';

/** The session check: GET /api/v1/me answers the signed-in user or 401. */
export function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  return getJson('/me', CurrentUserSchema, { signal });
}

/** react-admin's identity, carrying the full current user for the shell (organization name, role). */
export interface CurrentUserIdentity extends UserIdentity {
  user: CurrentUser;
}

export function toIdentity(user: CurrentUser): CurrentUserIdentity {
  return { id: user.id, fullName: displayName(user), avatar: user.Image ?? undefined, user };
}
