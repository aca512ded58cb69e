import { describe, expect, test } from 'vitest';
import { Role } from './enums';
import {
  canAccessPath,
  decideRoute,
  defaultRouteForRole,
  findProtectedRoute,
  isPublicPath,
  rootRedirect,
} from './routes';

const { PRODUCT_ADMIN, CUSTOMER_ADMIN, ORG_ADMIN, USER } = Role;

describe('default routes and the root', () => {
  test('each role has its landing page', () => {
    expect(defaultRouteForRole(PRODUCT_ADMIN)).toBe('/admin/customers');
    expect(defaultRouteForRole(CUSTOMER_ADMIN)).toBe('/admin/organizations');
    expect(defaultRouteForRole(ORG_ADMIN)).toBe('/chat');
    expect(defaultRouteForRole(USER)).toBe('/chat');
    expect(defaultRouteForRole(undefined)).toBeUndefined();
  });

  test('root: signed out goes to /login; an organization role to DefaultHomePageRoute, else the role default', () => {
    expect(rootRedirect(undefined, '/chat')).toBe('/login');
    expect(rootRedirect(ORG_ADMIN, '/admin/observability/dashboard')).toBe('/admin/observability/dashboard');
    expect(rootRedirect(USER, '/tokens')).toBe('/tokens');
    expect(rootRedirect(ORG_ADMIN, '')).toBe('/chat');
    expect(rootRedirect(USER)).toBe('/chat');
  });

  test('root: the deployment home page applies only where the role may open it', () => {
    // A USER may not open the admin dashboards: the home page set for the organization's admins does not apply.
    expect(rootRedirect(USER, '/admin/observability/dashboard')).toBe('/chat');
    expect(rootRedirect(ORG_ADMIN, '/policies')).toBe('/chat');
    expect(rootRedirect(ORG_ADMIN, '/no/such/page')).toBe('/chat');
  });

  test('root: PRODUCT_ADMIN and CUSTOMER_ADMIN land on their own pages whatever the deployment home page', () => {
    for (const home of ['/chat', '/profile', '/admin/observability/dashboard', '', null]) {
      expect(rootRedirect(PRODUCT_ADMIN, home)).toBe('/admin/customers');
      expect(rootRedirect(CUSTOMER_ADMIN, home)).toBe('/admin/organizations');
    }
  });
});

describe('decideRoute', () => {
  test('open pages pass for visitors', () => {
    for (const path of ['/login', '/welcome', '/password/reset?token=x', '/forgot-password', '/error', '/logout']) {
      expect(isPublicPath(path)).toBe(true);
      expect(decideRoute(path, undefined)).toEqual({ allow: true });
    }
  });

  test('sign-in-only pages send a signed-in user to the role default', () => {
    expect(decideRoute('/login', PRODUCT_ADMIN)).toEqual({ allow: false, redirectTo: '/admin/customers' });
    expect(decideRoute('/forgot-password', CUSTOMER_ADMIN)).toEqual({ allow: false, redirectTo: '/admin/organizations' });
    expect(decideRoute('/welcome', ORG_ADMIN)).toEqual({ allow: false, redirectTo: '/chat' });
    expect(decideRoute('/password/reset', USER)).toEqual({ allow: false, redirectTo: '/chat' });
  });

  test('/error and /logout stay open to signed-in users', () => {
    expect(decideRoute('/error', USER)).toEqual({ allow: true });
    expect(decideRoute('/logout', ORG_ADMIN)).toEqual({ allow: true });
  });

  test('unknown paths go to the root, signed in or not', () => {
    expect(decideRoute('/nowhere', undefined)).toEqual({ allow: false, redirectTo: '/' });
    expect(decideRoute('/admin/nowhere', ORG_ADMIN)).toEqual({ allow: false, redirectTo: '/' });
  });

  test('protected pages send visitors to /login', () => {
    expect(decideRoute('/chat', undefined)).toEqual({ allow: false, redirectTo: '/login' });
    expect(decideRoute('/admin/customers', undefined)).toEqual({ allow: false, redirectTo: '/login' });
  });

  test('a role not allowed goes to its own default route', () => {
    expect(decideRoute('/admin/users', USER)).toEqual({ allow: false, redirectTo: '/chat' });
    expect(decideRoute('/admin/customers', ORG_ADMIN)).toEqual({ allow: false, redirectTo: '/chat' });
    expect(decideRoute('/admin/organizations', PRODUCT_ADMIN)).toEqual({ allow: false, redirectTo: '/admin/customers' });
    expect(decideRoute('/groups', ORG_ADMIN)).toEqual({ allow: false, redirectTo: '/chat' });
    expect(decideRoute('/tokens', CUSTOMER_ADMIN)).toEqual({ allow: false, redirectTo: '/admin/organizations' });
  });

  test('the role table of §2.3', () => {
    const table: [string, Role[]][] = [
      ['/admin/cdr/app1', [ORG_ADMIN]],
      ['/admin/users', [ORG_ADMIN]],
      ['/admin/groups/g1', [ORG_ADMIN]],
      ['/admin/template', [ORG_ADMIN]],
      ['/admin/help/getting-started', [ORG_ADMIN]],
      ['/admin/verifier', [ORG_ADMIN]],
      ['/admin/policies/p1', [ORG_ADMIN]],
      ['/admin/language-models', [ORG_ADMIN]],
      ['/admin/red-teaming/j1', [ORG_ADMIN]],
      ['/admin/apps/p1/3', [ORG_ADMIN]],
      ['/admin/chat/c1/prompt/p1/details', [ORG_ADMIN, USER]],
      ['/admin/vora-dashboard', [ORG_ADMIN, USER]],
      ['/admin/vora-p-dashboard/s1', [ORG_ADMIN, USER]],
      ['/tokens', [ORG_ADMIN, USER]],
      ['/language-models', [USER]],
      ['/groups', [USER]],
      ['/policies/p1', [USER]],
      ['/admin/customers', [PRODUCT_ADMIN]],
      ['/admin/organizations', [CUSTOMER_ADMIN]],
      ['/admin/idps/i1', [ORG_ADMIN, CUSTOMER_ADMIN]],
      ['/admin/observability/critical-events', [ORG_ADMIN, CUSTOMER_ADMIN]],
      ['/profile', [PRODUCT_ADMIN, CUSTOMER_ADMIN, ORG_ADMIN, USER]],
      ['/chat', [PRODUCT_ADMIN, CUSTOMER_ADMIN, ORG_ADMIN, USER]],
      ['/chat/c1/prompt/p1/document/k1/child', [PRODUCT_ADMIN, CUSTOMER_ADMIN, ORG_ADMIN, USER]],
    ];
    for (const [path, allowed] of table) {
      for (const role of [PRODUCT_ADMIN, CUSTOMER_ADMIN, ORG_ADMIN, USER]) {
        expect(canAccessPath(role, path), `${path} for role ${role}`).toBe(allowed.includes(role));
      }
    }
  });

  test('the document route wins over the chat route', () => {
    expect(findProtectedRoute('/chat/c1/prompt/p1/document/k1')?.title).toBe('Source Document');
    expect(findProtectedRoute('/chat/c1')?.title).toBe('Chat');
  });
});
