import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from './schema';

/**
 * The form of a name that uniqueness is checked on: Unicode-normalised (NFKC, so a full-width "Ａ" is an "A") and
 * case-folded the same way whatever the server's locale or the database (SQLite's lower() folds ASCII only; PostgreSQL's
 * depends on its ctype). Upper then lower case folds "ß" with "SS" and "ς" with "σ", as full case folding does.
 * Changing this function needs a migration that recomputes every stored key.
 */
export function nameKey(name: string): string {
  return name.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC').trim();
}

/** Tables whose names are unique within a scope (an organization, or a customer for organizations). */
export const NAMED_TABLES = {
  groups: 'organization_id',
  identity_providers: 'organization_id',
  language_models: 'organization_id',
  policies: 'organization_id',
  data_sources: 'organization_id',
  verifiers: 'organization_id',
  apps: 'organization_id',
  organizations: 'customer_id',
} as const;
export type NamedTable = keyof typeof NAMED_TABLES;

/** Whether another row of the table, in the same organization (or customer), has this name up to case and form. */
export async function nameTaken(db: Kysely<Database>, table: NamedTable, scopeId: string, name: string, exceptId: string | number | null): Promise<boolean> {
  let query = db
    .selectFrom(table)
    .select(sql<string>`id`.as('id'))
    .where(sql.ref(NAMED_TABLES[table]), '=', scopeId)
    .where(sql.ref('name_key'), '=', nameKey(name));
  if (exceptId !== null) query = query.where(sql.ref('id'), '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}
