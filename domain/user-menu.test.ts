import { describe, expect, test } from 'vitest';
import { Role } from './enums';
import { canAccessPath } from './routes';
import { displayName, initials, userMenuItemsFor } from './user-menu';

describe('user menu', () => {
  test('items per role', () => {
    const labels = (role: Role) => userMenuItemsFor(role).map((item) => item.label);
    expect(labels(Role.ORG_ADMIN)).toEqual(['Profile', 'System Settings', 'Access Tokens', 'API Documentation', 'Help', 'Logout']);
    expect(labels(Role.USER)).toEqual(['Profile', 'Access Tokens', 'My Policies', 'My Language Models', 'My Groups', 'Logout']);
    expect(labels(Role.PRODUCT_ADMIN)).toEqual(['Profile', 'Logout']);
    expect(labels(Role.CUSTOMER_ADMIN)).toEqual(['Profile', 'Logout']);
  });

  test('every item leads to a page its roles may open', () => {
    for (const role of [Role.PRODUCT_ADMIN, Role.CUSTOMER_ADMIN, Role.ORG_ADMIN, Role.USER]) {
      for (const item of userMenuItemsFor(role).filter((entry) => entry.key !== 'logout' && entry.key !== 'api-docs')) {
        expect(canAccessPath(role, item.path), `${item.label} for role ${role}`).toBe(true);
      }
    }
  });

  test('initials: first letters of up to two words, uppercased', () => {
    expect(initials('ada lovelace byron')).toBe('AL');
    expect(initials('  grace  ')).toBe('G');
    expect(initials('')).toBe('');
    expect(initials(undefined)).toBe('');
  });

  test('display name falls back to first and last name', () => {
    expect(displayName({ Name: 'Dr. Ada', FirstName: 'Ada', LastName: 'Lovelace' })).toBe('Dr. Ada');
    expect(displayName({ Name: ' ', FirstName: 'Ada', LastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(displayName({ Name: null, FirstName: 'Ada', LastName: null })).toBe('Ada');
  });
});
