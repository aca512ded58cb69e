import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { Role } from '../../domain';
import { writeAuthStorage } from '../../authProvider/authStorage';
import { buildCurrentUser, buildMeta } from '../../mocks/builders';
import { mockMeta } from '../../mocks/handlers';
import { renderApp, signInAs } from '../testing/renderApp';
import { stubLocationAssign } from '../testing/stubLocationAssign';

const { ORG_ADMIN, USER } = Role;

async function expectPath(path: string) {
  await waitFor(() => expect(window.location.pathname).toBe(path));
}

describe('root redirect', () => {
  test('signed out: / goes to the sign-in page', async () => {
    renderApp('/');
    await expectPath('/login');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  test.each([
    ['PRODUCT_ADMIN' as const, '/admin/customers', 'Customers'],
    ['CUSTOMER_ADMIN' as const, '/admin/organizations', 'Organizations'],
    ['ORG_ADMIN' as const, '/chat', 'Chat'],
    ['USER' as const, '/chat', 'Chat'],
  ])('role %s without a DefaultHomePageRoute lands on %s', async (role, home, title) => {
    mockMeta(buildMeta({ DefaultHomePageRoute: '' }));
    signInAs(Role[role]);
    renderApp('/');
    await expectPath(home);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
  });

  test('a live session without the stored sign-in state: / asks the server and goes home, not to /login', async () => {
    mockMeta(buildMeta({ DefaultHomePageRoute: '' }));
    signInAs(Role.PRODUCT_ADMIN);
    localStorage.removeItem('AuthStorage');
    renderApp('/');
    await expectPath('/admin/customers');
  });

  test('the deployment DefaultHomePageRoute wins for the roles of an organization', async () => {
    mockMeta(buildMeta({ DefaultHomePageRoute: '/profile' }));
    signInAs(ORG_ADMIN);
    renderApp('/');
    await expectPath('/profile');
  });

  test.each([
    ['PRODUCT_ADMIN' as const, '/admin/customers'],
    ['CUSTOMER_ADMIN' as const, '/admin/organizations'],
  ])('the default metadata (/chat) does not send %s to a chat it cannot use', async (role, home) => {
    signInAs(Role[role]);
    renderApp('/');
    await expectPath(home);
  });
});

describe('protected routes', () => {
  test('an unsigned visitor is sent to /login (and the lost session to the server logout)', async () => {
    const assign = stubLocationAssign();
    renderApp('/admin/users');
    await expectPath('/login');
    expect(assign).toHaveBeenCalledWith('/auth/google/logout');
  });

  test('a stale AuthStorage without a server session still ends on /login', async () => {
    const assign = stubLocationAssign();
    // The browser still holds a sign-in, but the server has no session: GET /api/v1/me answers 401.
    writeAuthStorage(buildCurrentUser(USER));
    renderApp('/chat');
    await expectPath('/login');
    expect(localStorage.getItem('AuthStorage')).toBeNull();
    expect(assign).toHaveBeenCalledWith('/auth/google/logout');
  });

  test.each([
    ['USER' as const, '/admin/users', '/chat'],
    ['ORG_ADMIN' as const, '/admin/customers', '/chat'],
    ['ORG_ADMIN' as const, '/groups', '/chat'],
    ['PRODUCT_ADMIN' as const, '/admin/organizations', '/admin/customers'],
    ['PRODUCT_ADMIN' as const, '/tokens', '/admin/customers'],
    ['CUSTOMER_ADMIN' as const, '/admin/users', '/admin/organizations'],
  ])('role %s on %s is redirected to %s', async (role, path, target) => {
    signInAs(Role[role]);
    renderApp(path);
    await expectPath(target);
  });

  test.each([
    ['ORG_ADMIN' as const, '/admin/observability/critical-events', 'Critical Events', '/admin/observability/critical-events'],
    ['CUSTOMER_ADMIN' as const, '/admin/observability', 'Observability', '/admin/observability/dashboard'],
  ])('role %s may open the observability page %s', async (role, path, heading, landing) => {
    signInAs(Role[role]);
    renderApp(path);
    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument();
    expect(window.location.pathname).toBe(landing);
  });

  test.each([
    ['USER' as const, '/chat/c1', 'Chat'],
    ['PRODUCT_ADMIN' as const, '/chat/c1/prompt/p1/document/k1', 'Source document'],
  ])('role %s may open the chat page %s', async (role, path, heading) => {
    signInAs(Role[role]);
    renderApp(path);
    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument();
    expect(window.location.pathname).toBe(path);
  });
});

describe('other paths', () => {
  test('an unknown path goes to /, then to the home of the role', async () => {
    signInAs(ORG_ADMIN);
    renderApp('/no/such/page');
    await expectPath('/chat');
  });

  test('an unknown path of a visitor ends on /login', async () => {
    renderApp('/admin/nothing-here');
    await expectPath('/login');
  });

  test.each([
    ['PRODUCT_ADMIN' as const, '/login', '/admin/customers'],
    ['CUSTOMER_ADMIN' as const, '/forgot-password', '/admin/organizations'],
    ['ORG_ADMIN' as const, '/welcome', '/chat'],
    ['USER' as const, '/password/reset', '/chat'],
  ])('role %s on the sign-in-only page %s goes to %s', async (role, path, target) => {
    signInAs(Role[role]);
    renderApp(path);
    await expectPath(target);
  });

  test('open pages skip the session check for visitors', async () => {
    renderApp('/forgot-password');
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/forgot-password');
  });
});
