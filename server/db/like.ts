import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { sql } from 'kysely';
import { likePattern } from '../http/list-query';

/** Case-insensitive "contains" on any of the columns, the same on SQLite and PostgreSQL. */
export function containsAny<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, columns: string[], search: string): Expression<SqlBool> {
  const pattern = likePattern(search);
  return eb.or(columns.map((column) => eb(sql`lower(coalesce(${sql.ref(column)}, ''))`, 'like', sql`${pattern} escape '\\'`)));
}
