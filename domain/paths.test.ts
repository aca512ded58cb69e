import { describe, expect, test } from 'vitest';
import { isPathPrefix, matchPath, splitPath } from './paths';

describe('splitPath', () => {
  test('drops empty segments, the query and the hash', () => {
    expect(splitPath('/admin//users/?page=2#top')).toEqual(['admin', 'users']);
    expect(splitPath('/')).toEqual([]);
  });
});

describe('matchPath', () => {
  test('matches literal segments exactly', () => {
    expect(matchPath('/admin/template', '/admin/template')).toBe(true);
    expect(matchPath('/admin/template', '/admin/templates')).toBe(false);
    expect(matchPath('/admin/template', '/admin/template/x')).toBe(false);
  });

  test('a parameter takes one segment', () => {
    const pattern = '/admin/chat/:CID/prompt/:PID/details';
    expect(matchPath(pattern, '/admin/chat/c1/prompt/p9/details')).toBe(true);
    expect(matchPath(pattern, '/admin/chat/c1/prompt/details')).toBe(false);
  });

  test('an optional parameter may be absent', () => {
    expect(matchPath('/chat/:CID?', '/chat')).toBe(true);
    expect(matchPath('/chat/:CID?', '/chat/42')).toBe(true);
    expect(matchPath('/chat/:CID?', '/chat/42/more')).toBe(false);
    expect(matchPath('/admin/vora-dashboard/:searchId?', '/admin/vora-dashboard')).toBe(true);
    expect(matchPath('/chat/:CID/prompt/:PID/document/:CHUNK/:ChildChat?', '/chat/1/prompt/2/document/3')).toBe(true);
    expect(matchPath('/chat/:CID/prompt/:PID/document/:CHUNK/:ChildChat?', '/chat/1/prompt/2/document/3/4')).toBe(true);
  });

  test('a final star matches any rest, including nothing', () => {
    expect(matchPath('/admin/users/*', '/admin/users')).toBe(true);
    expect(matchPath('/admin/users/*', '/admin/users/u1/show')).toBe(true);
    expect(matchPath('/admin/users/*', '/admin/usersx')).toBe(false);
  });

  test('ignores the query string of the path', () => {
    expect(matchPath('/password/reset', '/password/reset?token=abc')).toBe(true);
  });
});

describe('isPathPrefix', () => {
  test('works on whole segments', () => {
    expect(isPathPrefix('/admin/users', '/admin/users')).toBe(true);
    expect(isPathPrefix('/admin/users', '/admin/users/7')).toBe(true);
    expect(isPathPrefix('/admin/users', '/admin/usersx')).toBe(false);
    expect(isPathPrefix('/admin/users/7', '/admin/users')).toBe(false);
  });
});
