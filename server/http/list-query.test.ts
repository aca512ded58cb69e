import { describe, expect, it } from 'vitest';
import { HttpError } from './errors';
import { likePattern, parseListQuery } from './list-query';

const sortable = ['Name', 'CreatedAt'] as const;

describe('list query (ra-data-simple-rest)', () => {
  it('parses sort, range and filter', () => {
    expect(parseListQuery({ sort: '["CreatedAt","DESC"]', range: '[10,19]', filter: '{"q":"acme"}' }, sortable, ['Name', 'asc'])).toEqual({
      sortField: 'CreatedAt',
      sortOrder: 'desc',
      offset: 10,
      limit: 10,
      filter: { q: 'acme' },
    });
  });

  it('falls back to the default sort and the first page', () => {
    expect(parseListQuery({}, sortable, ['Name', 'asc'])).toMatchObject({ sortField: 'Name', sortOrder: 'asc', offset: 0, limit: 25 });
  });

  it('caps the page size', () => {
    expect(parseListQuery({ range: '[0,100000]' }, sortable, ['Name', 'asc']).limit).toBe(500);
  });

  it.each([
    [{ sort: '["password_hash","ASC"]' }, 'sort', 'cannot sort by password_hash'],
    [{ sort: 'Name' }, 'sort', 'must be JSON'],
    [{ range: '[5,1]' }, 'range', 'use [start,end] with 0 <= start <= end'],
    [{ filter: '[1]' }, 'filter', 'must be a JSON object'],
  ])('refuses %j', (query, field, message) => {
    try {
      parseListQuery(query, sortable, ['Name', 'asc']);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).errors).toEqual({ [field]: message });
    }
  });

  it('escapes LIKE wildcards', () => {
    expect(likePattern('50%_A\\')).toBe('%50\\%\\_a\\\\%');
  });
});
