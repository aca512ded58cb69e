// The stored sign-in state of §3.1: localStorage under AuthStorage, validated on every read.
import { AUTH_STORAGE_KEY, AuthStorageSchema } from '../domain';
import type { AuthStorage, CurrentUser } from '../domain';

export function toAuthStorage(user: CurrentUser): AuthStorage {
  return {
    id: user.id,
    Role: user.Role,
    CustomerId: user.CustomerId,
    OrganizationId: user.OrganizationId,
    Name: user.Name,
    FirstName: user.FirstName,
    LastName: user.LastName,
    OrganizationName: user.Organization?.Name ?? null,
  };
}

/** The stored state, or undefined when absent or unreadable (a tampered or outdated entry counts as signed out). */
export function readAuthStorage(): AuthStorage | undefined {
  const raw = localStorage.getItem(AUTH_STORAGE_KEY);
  if (!raw) return undefined;
  try {
    const parsed = AuthStorageSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function writeAuthStorage(user: CurrentUser): AuthStorage {
  const stored = toAuthStorage(user);
  localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(stored));
  return stored;
}

export function clearAuthStorage(): void {
  localStorage.removeItem(AUTH_STORAGE_KEY);
}
