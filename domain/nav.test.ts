import { describe, expect, test } from 'vitest';
import { DEFAULT_FEATURES } from './constants';
import { Role } from './enums';
import type { NavItem } from './nav';
import { activeNavChild, activeNavItem, navItemsFor } from './nav';

const { PRODUCT_ADMIN, CUSTOMER_ADMIN, ORG_ADMIN, USER } = Role;

const outline = (items: NavItem[]) =>
  items.map((item) => ({
    label: item.label,
    path: item.path,
    children: (item.children ?? []).map((child) => `${child.label} ${child.path}`),
  }));

describe('navItemsFor', () => {
  test('is empty when nobody is signed in', () => {
    expect(navItemsFor(undefined, DEFAULT_FEATURES)).toEqual([]);
  });

  test('ORG_ADMIN without dashboard flags', () => {
    expect(outline(navItemsFor(ORG_ADMIN, DEFAULT_FEATURES))).toEqual([
      {
        label: 'Observability',
        path: '/admin/observability/dashboard',
        children: [
          'Observability /admin/observability/dashboard',
          'Critical Events /admin/observability/critical-events',
          'Risk Assessment /admin/observability/risk-assessment',
          'Activity Monitor /admin/observability/user-activity',
        ],
      },
      { label: 'Red Teaming', path: '/admin/red-teaming', children: [] },
      { label: 'Users', path: '/admin/users', children: ['Groups /admin/groups'] },
      {
        label: 'Integrations and Data Sources',
        path: '/admin/idps',
        children: [
          'Directory/IDPs /admin/idps',
          'Language Models /admin/language-models',
          'Corporate Data Sources /admin/cdr',
          'Verification Sources /admin/verifier',
          'Protected Works /admin/protected-works',
        ],
      },
      { label: 'Policies', path: '/admin/policies', children: [] },
      { label: 'Apps', path: '/admin/apps', children: [] },
      { label: 'Chat', path: '/chat', children: [] },
    ]);
  });

  test('USER, PRODUCT_ADMIN and CUSTOMER_ADMIN without dashboard flags', () => {
    expect(outline(navItemsFor(USER, DEFAULT_FEATURES))).toEqual([{ label: 'Chat', path: '/chat', children: [] }]);
    expect(outline(navItemsFor(PRODUCT_ADMIN, DEFAULT_FEATURES))).toEqual([
      { label: 'Customers', path: '/admin/customers', children: [] },
    ]);
    expect(outline(navItemsFor(CUSTOMER_ADMIN, DEFAULT_FEATURES))).toEqual([
      { label: 'Organizations', path: '/admin/organizations', children: [] },
    ]);
  });

  test('the Vora dashboard replaces Observability; admins get its observability children', () => {
    const features = { ...DEFAULT_FEATURES, VoraDashboard: true };
    expect(outline(navItemsFor(ORG_ADMIN, features))[0]).toEqual({
      label: 'Dashboard',
      path: '/admin/vora-dashboard',
      children: [
        'Dashboard /admin/vora-dashboard',
        'Observability /admin/observability/dashboard',
        'Critical Events /admin/observability/critical-events',
        'Activity Monitor /admin/observability/user-activity',
      ],
    });
    expect(outline(navItemsFor(USER, features))).toEqual([
      { label: 'Dashboard', path: '/admin/vora-dashboard', children: ['Dashboard /admin/vora-dashboard'] },
      { label: 'Chat', path: '/chat', children: [] },
    ]);
    expect(navItemsFor(PRODUCT_ADMIN, features).map((item) => item.label)).toEqual(['Customers']);
  });

  test('the Vora P flag picks the Vora P dashboard', () => {
    const items = navItemsFor(USER, { ...DEFAULT_FEATURES, VoraPDashboard: true });
    expect(items[0]?.path).toBe('/admin/vora-p-dashboard');
  });
});

describe('activeNavItem', () => {
  const items = navItemsFor(ORG_ADMIN, DEFAULT_FEATURES);

  test('the first item whose path or a child path prefixes the current path', () => {
    expect(activeNavItem(items, '/admin/users/42')?.label).toBe('Users');
    expect(activeNavItem(items, '/admin/groups')?.label).toBe('Users');
    expect(activeNavItem(items, '/admin/observability/risk-assessment')?.label).toBe('Observability');
    expect(activeNavItem(items, '/admin/cdr/app7')?.label).toBe('Integrations and Data Sources');
    expect(activeNavItem(items, '/chat/c1')?.label).toBe('Chat');
    expect(activeNavItem(items, '/profile')).toBeUndefined();
    expect(activeNavItem(items, '/admin/usersx')).toBeUndefined();
  });

  test('the active child is the longest matching child path', () => {
    const integrations = items.find((item) => item.key === 'integrations')!;
    expect(activeNavChild(integrations, '/admin/verifier/v1')?.label).toBe('Verification Sources');
    const users = items.find((item) => item.key === 'users')!;
    expect(activeNavChild(users, '/admin/users')).toBeUndefined();
  });
});
