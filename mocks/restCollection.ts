// An in-memory ra-data-simple-rest collection for MSW: list (sort, range, filter, q) with Content-Range,
// get, create, update, delete. The handlers of each resource add their own rules on top.
import { HttpResponse } from 'msw';
import { buildApiError } from './builders';

export interface Identified {
  id: string;
}

export interface ListRequestParams {
  sort: [string, 'ASC' | 'DESC'];
  range: [number, number];
  filter: Record<string, unknown>;
}

export function readListParams(url: URL, defaultSort: string): ListRequestParams {
  const sort = JSON.parse(url.searchParams.get('sort') ?? JSON.stringify([defaultSort, 'ASC'])) as [string, 'ASC' | 'DESC'];
  const range = JSON.parse(url.searchParams.get('range') ?? '[0,24]') as [number, number];
  const filter = JSON.parse(url.searchParams.get('filter') ?? '{}') as Record<string, unknown>;
  return { sort, range, filter };
}

type Matcher<T> = (record: T, value: unknown) => boolean;

export interface ListOptions<T> {
  /** Fields `q` searches (case-insensitive substring). */
  searchFields: readonly (keyof T)[];
  /** Filters with their own rule (e.g. GroupId inside GroupIds); others compare equal. */
  matchers?: Record<string, Matcher<T>>;
  defaultSort: string;
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
}

/** Answers a list request over `records` the way the server does. */
export function listResponse<T extends Identified>(resource: string, records: readonly T[], url: URL, options: ListOptions<T>) {
  const { sort, range, filter } = readListParams(url, options.defaultSort);
  const matching = records.filter((record) =>
    Object.entries(filter).every(([key, value]) => {
      if (value === undefined || value === '') return true;
      if (key === 'q') {
        const needle = String(value).toLowerCase();
        return options.searchFields.some((field) => String(record[field] ?? '').toLowerCase().includes(needle));
      }
      if (key === 'id' && Array.isArray(value)) return value.includes(record.id);
      const matcher = options.matchers?.[key];
      if (matcher) return matcher(record, value);
      return (record as unknown as Record<string, unknown>)[key] === value;
    }),
  );
  const [field, order] = sort;
  const sorted = [...matching].sort(
    (a, b) => compare((a as unknown as Record<string, unknown>)[field], (b as unknown as Record<string, unknown>)[field]) * (order === 'DESC' ? -1 : 1),
  );
  const [start, end] = range;
  const page = sorted.slice(start, end + 1);
  const last = page.length === 0 ? start : start + page.length - 1;
  return HttpResponse.json(page, { headers: { 'Content-Range': `${resource} ${start}-${last}/${matching.length}` } });
}

export const notFound = (what: string) => HttpResponse.json(buildApiError(`${what} was not found.`), { status: 404 });

/** Field messages the way the server reports a failed zod parse. */
export function badRequestFromIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors = Object.fromEntries(issues.map((issue) => [issue.path.map(String).join('.'), issue.message]));
  return HttpResponse.json(buildApiError('Some fields are not valid.', errors), { status: 400 });
}
