import type { Kysely } from 'kysely';

// OpenID Connect identity providers, and the sign-ins that are on their way through a provider.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('identity_providers')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('organization_id', 'text', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('customer_id', 'text', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('preset', 'text', (col) => col.notNull())
    .addColumn('issuer', 'text', (col) => col.notNull())
    .addColumn('client_id', 'text', (col) => col.notNull())
    .addColumn('client_secret_enc', 'text', (col) => col.notNull())
    .addColumn('scopes', 'text', (col) => col.notNull())
    .addColumn('role_claim', 'text')
    .addColumn('role_mapping_json', 'text', (col) => col.notNull())
    .addColumn('group_claim', 'text')
    .addColumn('default_role', 'integer', (col) => col.notNull())
    .addColumn('allowed_domains', 'text')
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addUniqueConstraint('identity_providers_org_name_unique', ['organization_id', 'name'])
    .execute();
  await db.schema.createIndex('identity_providers_customer_idx').on('identity_providers').column('customer_id').execute();

  // One row per sign-in started at /auth/{idp}/login, consumed once by the callback.
  await db.schema
    .createTable('oidc_pending_logins')
    .addColumn('state_hash', 'text', (col) => col.primaryKey())
    .addColumn('idp_id', 'text', (col) => col.notNull().references('identity_providers.id').onDelete('cascade'))
    .addColumn('code_verifier_enc', 'text', (col) => col.notNull())
    .addColumn('nonce', 'text', (col) => col.notNull())
    .addColumn('redirect_uri', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('oidc_pending_logins_expires_idx').on('oidc_pending_logins').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oidc_pending_logins').ifExists().execute();
  await db.schema.dropTable('identity_providers').ifExists().execute();
}
