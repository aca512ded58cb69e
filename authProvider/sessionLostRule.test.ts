import { describe, expect, test } from 'vitest';
import { AUTH_STORAGE_KEY, Role } from '../domain';
import { buildCurrentUser } from '../mocks/builders';
import { stubLocationAssign } from '../src/testing/stubLocationAssign';
import { readAuthStorage, writeAuthStorage } from './authStorage';
import { applySessionLostRule, NO_RESPONSE_STATUS, staysOnPage } from './sessionLostRule';

function visit(path: string) {
  window.history.replaceState(null, '', path);
}

describe('the session-lost rule of §8', () => {
  test('a 401 clears the stored sign-in state and leaves a protected page for /auth/google/logout', () => {
    writeAuthStorage(buildCurrentUser(Role.ORG_ADMIN));
    visit('/admin/users');
    const assign = stubLocationAssign();

    expect(applySessionLostRule(401)).toBe(true);

    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(assign).toHaveBeenCalledExactlyOnceWith('/auth/google/logout');
  });

  test('a missing response counts as a 401', () => {
    writeAuthStorage(buildCurrentUser(Role.USER));
    visit('/chat/c1');
    const assign = stubLocationAssign();

    expect(applySessionLostRule(NO_RESPONSE_STATUS)).toBe(true);

    expect(readAuthStorage()).toBeUndefined();
    expect(assign).toHaveBeenCalledWith('/auth/google/logout');
  });

  test.each(['/', '/login', '/welcome', '/password/reset', '/forgot-password', '/error', '/logout', '/app/login'])(
    'on %s it clears the state but stays',
    (path) => {
      writeAuthStorage(buildCurrentUser(Role.USER));
      visit(path);
      const assign = stubLocationAssign();

      expect(applySessionLostRule(401)).toBe(true);

      expect(readAuthStorage()).toBeUndefined();
      expect(assign).not.toHaveBeenCalled();
    },
  );

  test.each([400, 403, 404, 409, 429, 500, undefined])('status %s leaves everything alone', (status) => {
    const user = buildCurrentUser(Role.USER);
    writeAuthStorage(user);
    visit('/chat');
    const assign = stubLocationAssign();

    expect(applySessionLostRule(status)).toBe(false);

    expect(readAuthStorage()?.id).toBe(user.id);
    expect(assign).not.toHaveBeenCalled();
  });

  test('staysOnPage: the root, or a path ending with an open route', () => {
    expect(staysOnPage('/')).toBe(true);
    expect(staysOnPage('/password/reset')).toBe(true);
    expect(staysOnPage('/profile')).toBe(false);
    expect(staysOnPage('/login/extra')).toBe(false);
  });
});
