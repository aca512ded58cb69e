// ra-data-simple-rest list conventions: sort=["Field","ASC"], range=[start,end] (inclusive), filter={...}.
import type { FastifyReply } from 'fastify';
import { badRequest } from './errors';

export interface ListParams<F extends string> {
  sortField: F;
  sortOrder: 'asc' | 'desc';
  offset: number;
  limit: number;
  filter: Record<string, unknown>;
}

export const MAX_PAGE_SIZE = 500;

export function parseListQuery<F extends string>(
  query: { sort?: string; range?: string; filter?: string },
  sortable: readonly F[],
  defaultSort: [F, 'asc' | 'desc'],
): ListParams<F> {
  const [sortField, sortOrder] = parseSort(query.sort, sortable, defaultSort);
  const [start, end] = parseRange(query.range);
  return { sortField, sortOrder, offset: start, limit: end - start + 1, filter: parseFilter(query.filter) };
}

function parseJson(raw: string, field: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest('The list query is not valid.', { [field]: 'must be JSON' });
  }
}

function parseSort<F extends string>(raw: string | undefined, sortable: readonly F[], fallback: [F, 'asc' | 'desc']): [F, 'asc' | 'desc'] {
  if (!raw) return fallback;
  const value = parseJson(raw, 'sort');
  if (!Array.isArray(value) || typeof value[0] !== 'string') throw badRequest('The list query is not valid.', { sort: 'use ["Field","ASC"]' });
  const field = value[0] as F;
  if (!sortable.includes(field)) throw badRequest('The list query is not valid.', { sort: `cannot sort by ${value[0]}` });
  const order = String(value[1] ?? 'ASC').toUpperCase();
  if (order !== 'ASC' && order !== 'DESC') throw badRequest('The list query is not valid.', { sort: 'order must be ASC or DESC' });
  return [field, order === 'ASC' ? 'asc' : 'desc'];
}

function parseRange(raw: string | undefined): [number, number] {
  if (!raw) return [0, 24];
  const value = parseJson(raw, 'range');
  const valid =
    Array.isArray(value) &&
    Number.isInteger(value[0]) &&
    Number.isInteger(value[1]) &&
    (value[0] as number) >= 0 &&
    (value[1] as number) >= (value[0] as number);
  if (!valid) throw badRequest('The list query is not valid.', { range: 'use [start,end] with 0 <= start <= end' });
  const [start, end] = value as [number, number];
  return [start, Math.min(end, start + MAX_PAGE_SIZE - 1)];
}

function parseFilter(raw: string | undefined): Record<string, unknown> {
  if (!raw) return {};
  const value = parseJson(raw, 'filter');
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('The list query is not valid.', { filter: 'must be a JSON object' });
  }
  return value as Record<string, unknown>;
}

/** Sets `Content-Range: resource start-end/total` as ra-data-simple-rest expects. */
export function setContentRange(reply: FastifyReply, resource: string, offset: number, count: number, total: number): void {
  const end = count === 0 ? offset : offset + count - 1;
  void reply.header('content-range', `${resource} ${offset}-${end}/${total}`);
}

/** Escapes LIKE wildcards so a search for "50%" finds the literal text. */
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
