import type { Kysely } from 'kysely';

// The gateway's full chat surface (issue 17): which models take images (`language_models.vision`, set by the admin),
// whether an organization lets image parts through at all (`organizations.gateway_images_allowed`, default no: the
// policies cannot read text inside an image), and which function names its apps may offer a model
// (`organizations.gateway_allowed_tools`, a JSON array; null: any name).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('language_models').addColumn('vision', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('organizations').addColumn('gateway_images_allowed', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('organizations').addColumn('gateway_allowed_tools', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organizations').dropColumn('gateway_allowed_tools').execute();
  await db.schema.alterTable('organizations').dropColumn('gateway_images_allowed').execute();
  await db.schema.alterTable('language_models').dropColumn('vision').execute();
}
