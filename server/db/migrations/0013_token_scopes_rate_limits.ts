import type { Kysely } from 'kysely';

// Access-token scopes and per-subject gateway rate limits.
// Existing personal tokens get the gateway scope only: until now every token was a full credential of its owner, and
// a token could mint more (no record says which were minted that way, nor which parent they came from). The gateway
// is what tokens are for, so integrations keep working; a script that needs the admin API gets a new, expiring token
// with the admin scope from a signed-in owner.
// Rate limits are nullable (null: not set here, the next level applies); `rate_limits.tokens` counts the tokens of
// the window beside its requests.
const LIMITED_TABLES = ['organizations', 'access_tokens', 'apps'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('access_tokens').addColumn('scopes', 'text', (col) => col.notNull().defaultTo('gateway')).execute();
  for (const table of LIMITED_TABLES) {
    await db.schema.alterTable(table).addColumn('rate_limit_rpm', 'integer').execute();
    await db.schema.alterTable(table).addColumn('rate_limit_tpm', 'integer').execute();
  }
  await db.schema.alterTable('rate_limits').addColumn('tokens', 'bigint', (col) => col.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('rate_limits').dropColumn('tokens').execute();
  for (const table of LIMITED_TABLES) {
    await db.schema.alterTable(table).dropColumn('rate_limit_tpm').execute();
    await db.schema.alterTable(table).dropColumn('rate_limit_rpm').execute();
  }
  await db.schema.alterTable('access_tokens').dropColumn('scopes').execute();
}
