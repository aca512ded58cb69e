import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { server } from '../mocks/node';
import { dataProvider } from './dataProvider';
import { apiResourceName } from './resourceNames';

describe('resource names', () => {
  test('a leading admin/ is the screen path, not the API path', () => {
    expect(apiResourceName('admin/customers')).toBe('customers');
    expect(apiResourceName('admin/language-models')).toBe('language-models');
    expect(apiResourceName('groups')).toBe('groups');
  });

  test('AI configuration screens map to their API collections', () => {
    expect(apiResourceName('admin/verifier')).toBe('verifiers');
    expect(apiResourceName('admin/cdr')).toBe('cdr');
    expect(apiResourceName('admin/language-models')).toBe('language-models');
    expect(apiResourceName('language-models')).toBe('language-models');
  });

  test('getOne and delete of admin/verifier call /api/v1/verifiers', async () => {
    const calls: string[] = [];
    server.use(
      http.get('/api/v1/verifiers/:id', ({ params }) => {
        calls.push(`GET verifiers/${String(params.id)}`);
        return HttpResponse.json({ id: params.id, Name: 'Grounding' });
      }),
      http.delete('/api/v1/verifiers/:id', ({ params }) => {
        calls.push(`DELETE verifiers/${String(params.id)}`);
        return HttpResponse.json({ id: params.id });
      }),
    );

    await dataProvider.getOne('admin/verifier', { id: 'ver_1' });
    await dataProvider.delete('admin/verifier', { id: 'ver_1', previousData: { id: 'ver_1' } });

    expect(calls).toEqual(['GET verifiers/ver_1', 'DELETE verifiers/ver_1']);
  });

  test('getList of admin/customers reads /api/v1/customers with simple-rest parameters', async () => {
    let url: URL | undefined;
    server.use(
      http.get('/api/v1/customers', ({ request }) => {
        url = new URL(request.url);
        return HttpResponse.json([{ id: 'c1', Name: 'Acme' }], { headers: { 'Content-Range': 'customers 0-0/1' } });
      }),
    );

    const result = await dataProvider.getList('admin/customers', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'Name', order: 'ASC' },
      filter: { q: 'ac' },
    });

    expect(result).toEqual({ data: [{ id: 'c1', Name: 'Acme' }], total: 1 });
    expect(url?.searchParams.get('sort')).toBe('["Name","ASC"]');
    expect(url?.searchParams.get('range')).toBe('[10,19]');
    expect(url?.searchParams.get('filter')).toBe('{"q":"ac"}');
  });

  test('update and delete keep the mapping; user views map as they are', async () => {
    const calls: string[] = [];
    server.use(
      http.put('/api/v1/customers/:id', ({ params }) => {
        calls.push(`PUT customers/${String(params.id)}`);
        return HttpResponse.json({ id: params.id, Name: 'New' });
      }),
      http.delete('/api/v1/groups/:id', ({ params }) => {
        calls.push(`DELETE groups/${String(params.id)}`);
        return HttpResponse.json({ id: params.id });
      }),
    );

    await dataProvider.update('admin/customers', { id: 'c1', data: { Name: 'New' }, previousData: { id: 'c1' } });
    await dataProvider.delete('groups', { id: 'g1', previousData: { id: 'g1' } });

    expect(calls).toEqual(['PUT customers/c1', 'DELETE groups/g1']);
  });
});
