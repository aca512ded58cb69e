import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { AUTH_STORAGE_KEY, Role } from '../domain';
import { buildApiError, buildCurrentUser } from '../mocks/builders';
import { MOCK_PASSWORD, mockSignIn, WRONG_CREDENTIALS_MESSAGE } from '../mocks/handlers';
import { server } from '../mocks/node';
import { stubLocationAssign } from '../src/testing/stubLocationAssign';
import { authProvider } from './authProvider';
import { readAuthStorage, writeAuthStorage } from './authStorage';

describe('authProvider', () => {
  test('login stores AuthStorage with the role, customer and organization', async () => {
    await authProvider.login({ Email: 'org-admin@demo.test', Password: MOCK_PASSWORD });

    const stored = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? '{}');
    expect(stored).toMatchObject({
      Role: Role.ORG_ADMIN,
      CustomerId: 'cus_acme',
      OrganizationId: 'org_acme_research',
      OrganizationName: 'Acme Research',
    });
  });

  test('a failed login rejects with the server message and stores nothing', async () => {
    window.history.replaceState(null, '', '/login');
    const assign = stubLocationAssign();
    await expect(authProvider.login({ Email: 'org-admin@demo.test', Password: 'wrong password' })).rejects.toMatchObject({
      message: WRONG_CREDENTIALS_MESSAGE,
      status: 401,
    });
    expect(readAuthStorage()).toBeUndefined();
    expect(assign).not.toHaveBeenCalled();
  });

  test('checkAuth reads the stored state', async () => {
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
    writeAuthStorage(buildCurrentUser(Role.USER));
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  test('checkError applies the 401 rule and passes the rejection on', async () => {
    writeAuthStorage(buildCurrentUser(Role.USER));
    window.history.replaceState(null, '', '/tokens');
    const assign = stubLocationAssign();
    const error = { status: 401, message: 'Sign in to continue.' };

    await expect(authProvider.checkError(error)).rejects.toBe(error);

    expect(readAuthStorage()).toBeUndefined();
    expect(assign).toHaveBeenCalledWith('/auth/google/logout');
  });

  test('checkError lets other errors through without signing out', async () => {
    writeAuthStorage(buildCurrentUser(Role.USER));
    window.history.replaceState(null, '', '/tokens');
    const assign = stubLocationAssign();

    await expect(authProvider.checkError({ status: 403, message: 'No.' })).resolves.toBeUndefined();
    await expect(authProvider.checkError(new Error('render bug'))).resolves.toBeUndefined();

    expect(readAuthStorage()).toBeDefined();
    expect(assign).not.toHaveBeenCalled();
  });

  test('getIdentity reads GET /api/v1/me and refreshes AuthStorage', async () => {
    const user = buildCurrentUser(Role.ORG_ADMIN, { Name: '', FirstName: 'Ada', LastName: 'Lovelace', Image: '/a.png' });
    mockSignIn(user);

    const identity = await authProvider.getIdentity!();

    expect(identity).toMatchObject({ id: user.id, fullName: 'Ada Lovelace', avatar: '/a.png', user });
    expect(readAuthStorage()?.Role).toBe(Role.ORG_ADMIN);
  });

  test('getIdentity rejects when there is no session', async () => {
    window.history.replaceState(null, '', '/');
    server.use(http.get('/api/v1/me', () => HttpResponse.json(buildApiError('Sign in to continue.'), { status: 401 })));
    await expect(authProvider.getIdentity!()).rejects.toMatchObject({ status: 401 });
  });

  test('a failed session check forgets the stored sign-in state, so /login does not send the visitor straight back', async () => {
    window.history.replaceState(null, '', '/admin/users');
    writeAuthStorage(buildCurrentUser(Role.ORG_ADMIN));
    server.use(http.get('/api/v1/me', () => HttpResponse.json(buildApiError('Something failed.'), { status: 500 })));

    await expect(authProvider.getIdentity!()).rejects.toMatchObject({ status: 500 });

    expect(readAuthStorage()).toBeUndefined();
  });

  test('a session check the caller cancelled keeps the stored sign-in state', async () => {
    writeAuthStorage(buildCurrentUser(Role.ORG_ADMIN));
    server.use(http.get('/api/v1/me', async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return HttpResponse.json(buildApiError('Something failed.'), { status: 500 });
    }));
    const cancel = new AbortController();

    const check = authProvider.getIdentity!({ signal: cancel.signal });
    cancel.abort();

    await expect(check).rejects.toBeDefined();
    expect(readAuthStorage()?.Role).toBe(Role.ORG_ADMIN);
  });

  test('canAccess follows the route table, resource names being screen paths', async () => {
    writeAuthStorage(buildCurrentUser(Role.PRODUCT_ADMIN));
    await expect(authProvider.canAccess!({ action: 'list', resource: 'admin/customers' })).resolves.toBe(true);
    await expect(authProvider.canAccess!({ action: 'list', resource: 'admin/users' })).resolves.toBe(false);
    writeAuthStorage(buildCurrentUser(Role.USER));
    await expect(authProvider.canAccess!({ action: 'list', resource: 'groups' })).resolves.toBe(true);
    await expect(authProvider.canAccess!({ action: 'edit', resource: 'admin/groups' })).resolves.toBe(false);
  });
});
