import type { Kysely } from 'kysely';

// The chat: a conversation gets a title, the model of its latest message and, for a child chat, the cited chunk it
// discusses. One chat message per prompt (its id is the prompt id of the lifecycle record): what the user typed and
// what they were shown, which the lifecycle record does not keep (it keeps what each stage saw). Deleting a
// conversation deletes its messages and documents but not the lifecycle records, which the metrics count.
// Uploaded documents keep only their extracted text, encrypted like the anonymization vault: a document uploaded to
// summarize is the user's own material, read by nobody else and never searched in SQL.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversations').addColumn('title', 'text', (col) => col.notNull().defaultTo('')).execute();
  await db.schema.alterTable('conversations').addColumn('language_model_id', 'integer', (col) => col.references('language_models.id').onDelete('set null')).execute();
  await db.schema.alterTable('conversations').addColumn('parent_conversation_id', 'text', (col) => col.references('conversations.id').onDelete('set null')).execute();
  await db.schema.alterTable('conversations').addColumn('source_chunk_id', 'text').execute();
  await db.schema.createIndex('conversations_user_updated_idx').on('conversations').columns(['user_id', 'updated_at']).execute();

  await db.schema
    .createTable('chat_documents')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('conversation_id', 'text', (col) => col.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('mime_type', 'text', (col) => col.notNull())
    .addColumn('size_bytes', 'integer', (col) => col.notNull())
    .addColumn('characters', 'integer', (col) => col.notNull())
    .addColumn('text_enc', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('chat_documents_conversation_idx').on('chat_documents').column('conversation_id').execute();

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'text', (col) => col.primaryKey().references('prompts.id').onDelete('cascade'))
    .addColumn('conversation_id', 'text', (col) => col.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message_type', 'text', (col) => col.notNull())
    .addColumn('prompt', 'text', (col) => col.notNull())
    .addColumn('answer', 'text')
    .addColumn('blocked_message', 'text')
    .addColumn('error', 'text')
    .addColumn('policy_actions_json', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('sources_json', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('verification_json', 'text')
    .addColumn('verification_warning', 'text')
    .addColumn('malicious', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('language_model_id', 'integer', (col) => col.references('language_models.id').onDelete('set null'))
    .addColumn('model_name', 'text')
    .addColumn('app_id', 'text', (col) => col.references('apps.id').onDelete('set null'))
    .addColumn('app_name', 'text')
    .addColumn('document_id', 'text', (col) => col.references('chat_documents.id').onDelete('set null'))
    .addColumn('document_name', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('chat_messages_conversation_idx').on('chat_messages').columns(['conversation_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chat_messages').ifExists().execute();
  await db.schema.dropTable('chat_documents').ifExists().execute();
  await db.schema.dropIndex('conversations_user_updated_idx').ifExists().execute();
  for (const column of ['source_chunk_id', 'parent_conversation_id', 'language_model_id', 'title']) {
    await db.schema.alterTable('conversations').dropColumn(column).execute();
  }
}
