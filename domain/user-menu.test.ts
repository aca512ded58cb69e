import { describe, expect, test } from 'vitest';
import { Role } from './enums';
import { displayName, initials, userMenuItemsFor } from './user-menu';

describe('user menu', () => {
  test('items per role', () => {
    const labels = (role: Role) => userMenuItemsFor(role).map((item) => item.label);
    expect(labels(Role.ORG_ADMIN)).toEqual(['Profile', 'System Settings', 'Access Tokens', 'API Documentation', 'Help', 'Logout']);
    expect(labels(Role.USER)).toEqual(['Profile', 'Access Tokens', 'Logout']);
    expect(labels(Role.PRODUCT_ADMIN)).toEqual(['Profile', 'Logout']);
    expect(labels(Role.CUSTOMER_ADMIN)).toEqual(['Profile', 'Logout']);
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
