import { conflict } from './errors';
import type { HttpError } from './errors';

/** API field of a column that a unique index covers; other columns are PascalCased. */
const FIELD_OF_COLUMN: Record<string, string> = { name: 'Name', name_key: 'Name', email: 'Email', slug: 'Slug' };
/** Scope columns of a composite unique index: the conflict is on the other column. */
const SCOPE_COLUMNS = new Set(['organization_id', 'customer_id', 'data_source_id', 'parent_id', 'app_id', 'user_id']);

/**
 * A unique index refused the write (SQLite or PostgreSQL): a 409 naming the field, as the services' own checks answer,
 * for the write that lost a race or a check that was missed. Never echoes the values (PostgreSQL's detail holds them).
 */
export function uniqueViolation(error: unknown): HttpError | undefined {
  const columns = violatedColumns(error);
  if (!columns) return undefined;
  const column = columns.find((candidate) => !SCOPE_COLUMNS.has(candidate)) ?? columns[columns.length - 1] ?? 'id';
  const field = FIELD_OF_COLUMN[column] ?? pascalCase(column);
  return conflict(`${field} is already in use.`, { [field]: `${field} is already in use` });
}

function violatedColumns(error: unknown): string[] | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message, detail } = error as { code?: unknown; message?: unknown; detail?: unknown };
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    const list = /constraint failed: (.+)$/.exec(String(message))?.[1] ?? '';
    return list.split(',').map((qualified) => qualified.trim().split('.').pop() ?? '').filter(Boolean);
  }
  if (code === '23505') {
    const list = /^Key \(([^)]*)\)=/.exec(String(detail ?? ''))?.[1] ?? '';
    return list.split(',').map((column) => column.trim().replace(/^"|"$/g, '')).filter(Boolean);
  }
  return undefined;
}

function pascalCase(column: string): string {
  return column.replace(/(^|_)([a-z])/g, (_, __, letter: string) => letter.toUpperCase());
}
