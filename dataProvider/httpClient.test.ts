import { http, HttpResponse } from 'msw';
import { HttpError } from 'react-admin';
import { describe, expect, test, vi } from 'vitest';
import { Role } from '../domain';
import { readAuthStorage, writeAuthStorage } from '../authProvider/authStorage';
import { buildApiError, buildCurrentUser } from '../mocks/builders';
import { server } from '../mocks/node';
import { stubLocationAssign } from '../src/testing/stubLocationAssign';
import { httpClient } from './httpClient';

describe('httpClient', () => {
  test('sends the console header, JSON and cookies, with the 300000 ms timeout', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    let seen: Request | undefined;
    server.use(
      http.post('/api/v1/things', ({ request }) => {
        seen = request;
        return HttpResponse.json({ id: 't1' }, { status: 201 });
      }),
    );

    const response = await httpClient('/api/v1/things', { method: 'POST', body: JSON.stringify({ Name: 'x' }) });

    expect(response.status).toBe(201);
    expect(response.json).toEqual({ id: 't1' });
    expect(seen?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(seen?.headers.get('Content-Type')).toBe('application/json');
    expect(seen?.credentials).toBe('include');
    expect(timeout).toHaveBeenCalledWith(300000);
  });

  test('errors become HttpErrors carrying the message and the field messages', async () => {
    server.use(
      http.put('/api/v1/things/t1', () =>
        HttpResponse.json(buildApiError('Some fields need attention.', { Name: 'Name is required' }), { status: 400 }),
      ),
    );

    const failure = httpClient('/api/v1/things/t1', { method: 'PUT', body: '{}' });

    await expect(failure).rejects.toBeInstanceOf(HttpError);
    await expect(failure).rejects.toMatchObject({
      status: 400,
      message: 'Some fields need attention.',
      body: { errors: { Name: 'Name is required' } },
    });
  });

  test('a 401 applies the session-lost rule, then rejects', async () => {
    writeAuthStorage(buildCurrentUser(Role.ORG_ADMIN));
    window.history.replaceState(null, '', '/admin/policies');
    const assign = stubLocationAssign();
    server.use(http.get('/api/v1/policies', () => HttpResponse.json(buildApiError('Sign in to continue.'), { status: 401 })));

    await expect(httpClient('/api/v1/policies')).rejects.toMatchObject({ status: 401, message: 'Sign in to continue.' });

    expect(readAuthStorage()).toBeUndefined();
    expect(assign).toHaveBeenCalledWith('/auth/google/logout');
  });

  test('a network failure is a missing response: same rule, status 0', async () => {
    writeAuthStorage(buildCurrentUser(Role.ORG_ADMIN));
    window.history.replaceState(null, '', '/admin/policies');
    const assign = stubLocationAssign();
    server.use(http.get('/api/v1/policies', () => HttpResponse.error()));

    await expect(httpClient('/api/v1/policies')).rejects.toMatchObject({ status: 0 });

    expect(readAuthStorage()).toBeUndefined();
    expect(assign).toHaveBeenCalledWith('/auth/google/logout');
  });

  test('a request the browser cancels while the page is being left keeps the session', async () => {
    writeAuthStorage(buildCurrentUser(Role.ORG_ADMIN));
    window.history.replaceState(null, '', '/chat');
    const assign = stubLocationAssign();
    server.use(http.get('/api/v1/me', () => HttpResponse.error()));

    window.dispatchEvent(new Event('beforeunload'));
    try {
      await expect(httpClient('/api/v1/me')).rejects.toMatchObject({ status: 0 });
    } finally {
      window.dispatchEvent(new Event('pageshow'));
    }

    expect(readAuthStorage()).toBeDefined();
    expect(assign).not.toHaveBeenCalled();
  });

  test('a 403 keeps the session', async () => {
    writeAuthStorage(buildCurrentUser(Role.ORG_ADMIN));
    const assign = stubLocationAssign();
    server.use(http.get('/api/v1/policies', () => HttpResponse.json(buildApiError('You do not have permission to do this.'), { status: 403 })));

    await expect(httpClient('/api/v1/policies')).rejects.toMatchObject({ status: 403 });

    expect(readAuthStorage()).toBeDefined();
    expect(assign).not.toHaveBeenCalled();
  });
});
