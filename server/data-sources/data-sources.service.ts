import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { LastSyncStatus } from '../../domain/enums';
import type { DataSource, DataSourceAppId, DataSourceInputSchema, RetrievalResult } from '../../domain/schemas/data-sources';
import type { VectorDatabaseId, VectorStoreTestResult } from '../../domain/schemas/data-sources';
import { CONNECTION_FIELDS, secretFieldsOf, VECTOR_DATABASE_LABELS, VECTOR_STORE_FIELDS } from '../../domain/schemas/data-sources';
import { recordAudit } from '../audit/audit.service';
import type { Principal } from '../auth/principal';
import { newId } from '../db/ids';
import type { Database } from '../db/schema';
import { MembershipsRepository } from '../directory/memberships.repository';
import { orgOf } from '../directory/users.service';
import { badRequest, conflict, notFound } from '../http/errors';
import type { JobRunner } from '../jobs/job-runner';
import type { OutboundClient } from '../outbound';
import type { SecretBox } from '../security/secret-box';
import { parseConnection, toDataSource } from './data-sources.dto';
import type { DataSourceListQuery, DataSourceRow } from './data-sources.repository';
import { DataSourcesRepository } from './data-sources.repository';
import { queueSyncUnlessUnderWay } from './sync-schedule';
import { providerHasEmbeddings } from './embeddings/embedding-models';
import type { EmbedderFactory } from './embeddings/source-embedder';
import { embeddingKeyOf } from './embeddings/source-embedder';
import { VectorsRepository } from './embeddings/vectors.repository';
import { searchSources } from './search';
import { StoreEntriesRepository } from './vector-stores/entries.repository';
import type { VectorStoreFactory } from './vector-stores/stores';
import { externalStoreOf, usesExternalStore } from './vector-stores/stores';
import type { VectorStore } from './vector-stores/vector-store';
import { VectorStoreError } from './vector-stores/vector-store';

/** A Test of a vector store waits at most this long, as a deletion from one does. */
const STORE_TEST_TIMEOUT_MS = 30_000;

export type DataSourceInput = z.output<typeof DataSourceInputSchema>;

const RESOURCE = 'data-sources';
const NOT_FOUND = 'The data source';

/** Corporate data sources of one organization, managed by its admin. */
export class DataSourcesService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly secrets: SecretBox,
    private readonly jobs: JobRunner,
    private readonly outbound: OutboundClient,
    private readonly embedders: EmbedderFactory,
    private readonly stores: VectorStoreFactory,
  ) {}

  async list(actor: Principal, query: Omit<DataSourceListQuery, 'organizationId'>) {
    const page = await new DataSourcesRepository(this.db).list({ ...query, organizationId: orgOf(actor) });
    return { rows: await this.present(this.db, page.rows), total: page.total };
  }

  async get(actor: Principal, id: string, db: Kysely<Database> = this.db): Promise<DataSource> {
    const [source] = await this.present(db, [await findOrThrow(db, actor, id)]);
    return source!;
  }

  async create(actor: Principal, input: DataSourceInput): Promise<DataSource> {
    const organizationId = orgOf(actor);
    const id = newId();
    const at = Date.now();
    await this.assertReachable(input);
    return this.db.transaction().execute(async (trx) => {
      await this.assertValid(trx, organizationId, input, null);
      await new DataSourcesRepository(trx).insert({
        id,
        organization_id: organizationId,
        ...this.settingsColumns(input, null),
        last_sync_status: LastSyncStatus.UNKNOWN,
        last_sync_at: null,
        last_sync_message: null,
        sync_job_id: null,
        chunk_count: 0,
        token_count: 0,
        created_at: at,
        updated_at: at,
      });
      await new DataSourcesRepository(trx).setGroups(id, unique(input.GroupIds));
      const after = await this.get(actor, id, trx);
      await recordAudit(trx, actor, { action: 'create', resource: RESOURCE, recordId: id, summary: `Created data source ${after.Name}`, after });
      return after;
    });
  }

  async update(actor: Principal, id: string, input: DataSourceInput): Promise<DataSource> {
    await this.assertReachable(input);
    const { after, reembed, left } = await this.db.transaction().execute(async (trx) => {
      const current = await findOrThrow(trx, actor, id);
      const before = await this.get(actor, id, trx);
      await this.assertValid(trx, current.organization_id, input, current);
      const columns = this.settingsColumns(input, current);
      await new DataSourcesRepository(trx).update(id, { ...columns, updated_at: Date.now() });
      await new DataSourcesRepository(trx).setGroups(id, unique(input.GroupIds));
      // Embeddings off: the stored vectors are dropped, not left to be read.
      if (!columns.embeddings_enabled) await new VectorsRepository(trx).deleteOtherThan(id, null);
      const updated = await this.get(actor, id, trx);
      await recordAudit(trx, actor, { action: 'update', resource: RESOURCE, recordId: id, summary: `Updated data source ${updated.Name}`, before, after: updated });
      const changed = embeddingKeyOf(columns) !== embeddingKeyOf(current) || storeLocationOf(columns) !== storeLocationOf(current);
      return { after: updated, reembed: columns.embeddings_enabled === 1 && changed, left: this.storeLeft(current, { ...current, ...columns }) };
    });
    // The vectors in a store the source no longer uses are removed from it (the sync prunes those of the same store).
    if (left) await this.forgetStore(id, left);
    // Embeddings turned on, their model or store changed: a sync embeds the passages (BM25 answers meanwhile).
    if (reembed) await this.startSyncIfIdle(id);
    return reembed || left ? this.get(actor, id) : after;
  }

  private async startSyncIfIdle(id: string): Promise<void> {
    const row = await new DataSourcesRepository(this.db).findById(id);
    if (!row || row.app_id !== 0) return;
    const queued = await this.db.transaction().execute((trx) => this.queueUnlessSyncing(trx, id, row.organization_id));
    if (queued) this.jobs.announce();
  }

  /** In the caller's transaction: queues a sync of the source unless one is under way (sync-schedule.ts); the job's id, or null. */
  private async queueUnlessSyncing(trx: Kysely<Database>, id: string, organizationId: string): Promise<string | null> {
    const customer = await trx.selectFrom('organizations').select('customer_id').where('id', '=', organizationId).executeTakeFirstOrThrow();
    return queueSyncUnlessUnderWay(trx, this.jobs, { id, organization_id: organizationId, customer_id: customer.customer_id });
  }

  async delete(actor: Principal, id: string): Promise<DataSource> {
    const row = await findOrThrow(this.db, actor, id);
    // The store forgets the source's vectors first; if it cannot, the source is deleted all the same and the audit says so.
    const store = this.storeLeft(row, null);
    const kept = store ? await this.forgetStore(id, store) : null;
    return this.db.transaction().execute(async (trx) => {
      const before = await this.get(actor, id, trx);
      await new DataSourcesRepository(trx).delete(id);
      const note = kept ? ` (its vectors could not be removed from ${store!.label}: ${kept})` : '';
      await recordAudit(trx, actor, { action: 'delete', resource: RESOURCE, recordId: id, summary: `Deleted data source ${before.Name}${note}`, before });
      return before;
    });
  }

  /** Checks the source's saved vector store settings against the service (like a language model's Test). */
  async testStore(actor: Principal, id: string): Promise<VectorStoreTestResult> {
    const row = await findOrThrow(this.db, actor, id);
    if (!usesExternalStore(row)) throw badRequest('This data source keeps its vectors in the embedded index (FAISS) or has embeddings off: there is no vector store to test.');
    // Saved before the guard, or the allow-list or DNS has changed since: refused like a save, and nothing is sent.
    const values = parseConnection(row.vector_store_json);
    await this.outbound.assertCallable({ 'Rag.Store.Url': typeof values.Url === 'string' ? values.Url : null });
    let outcome: { Ok: boolean; Message: string };
    try {
      const store = externalStoreOf(row, this.stores);
      outcome = { Ok: true, Message: await store.test(AbortSignal.timeout(STORE_TEST_TIMEOUT_MS)) };
    } catch (error) {
      outcome = { Ok: false, Message: error instanceof VectorStoreError ? error.message : 'The vector store could not be tested.' };
    }
    const label = VECTOR_DATABASE_LABELS[row.vector_database as VectorDatabaseId];
    await recordAudit(this.db, actor, { action: 'update', resource: RESOURCE, recordId: id, summary: `Tested the ${label} vector store of data source ${row.name}: ${outcome.Ok ? 'SUCCESS' : 'ERROR'}` });
    return { ...outcome, TestedAt: new Date().toISOString() };
  }

  /** The store a source's vectors were written to, when `next` no longer writes there (null: the source is going). */
  private storeLeft(current: DataSourceRow, next: DataSourceRow | null): VectorStore | null {
    if (!usesExternalStore(current)) return null;
    if (next && usesExternalStore(next) && storeLocationOf(next) === storeLocationOf(current)) return null;
    try {
      return externalStoreOf(current, this.stores);
    } catch {
      return null;
    }
  }

  /** Deletes the source's recorded vectors from that store and forgets them; answers why it could not, or null. */
  private async forgetStore(id: string, store: VectorStore): Promise<string | null> {
    const entries = new StoreEntriesRepository(this.db);
    const ids = await entries.allChunkIds(id);
    let failure: string | null = null;
    try {
      await store.delete(ids, AbortSignal.timeout(STORE_TEST_TIMEOUT_MS));
    } catch (error) {
      failure = error instanceof Error ? error.message : 'the store failed';
    }
    await entries.removeAll(id);
    return failure;
  }

  /** Starts a sync of one source and answers at once; a second sync while one runs is a conflict. */
  async startSync(actor: Principal, id: string): Promise<{ jobId: string; source: DataSource }> {
    const row = await findOrThrow(this.db, actor, id);
    const jobId = await this.db.transaction().execute(async (trx) => {
      const queued = await this.queueUnlessSyncing(trx, id, row.organization_id);
      if (!queued) throw conflict('A sync of this data source is already running.');
      await recordAudit(trx, actor, { action: 'sync', resource: RESOURCE, recordId: id, summary: `Started a sync of data source ${row.name}` });
      return queued;
    });
    this.jobs.announce();
    return { jobId, source: await this.get(actor, id) };
  }

  /** Lets an admin try retrieval on one source (enabled or not, whatever its groups). */
  async search(actor: Principal, id: string, query: string, limit: number): Promise<RetrievalResult> {
    const row = await findOrThrow(this.db, actor, id);
    const outcome = await searchSources(this.db, [row], query, limit, this.embedders, this.stores);
    const hits = outcome.chunks.map((hit) => ({
      DataSourceId: hit.dataSourceId,
      DataSourceName: hit.dataSourceName,
      DocumentId: hit.documentId,
      DocumentName: hit.documentName,
      ChunkId: hit.chunkId,
      Ordinal: hit.ordinal,
      Text: hit.text,
      Score: hit.score,
      Source: hit.source,
    }));
    return { Mode: outcome.mode, FallbackReason: outcome.fallbackReason, Hits: hits };
  }

  private async present(db: Kysely<Database>, rows: DataSourceRow[]): Promise<DataSource[]> {
    const repository = new DataSourcesRepository(db);
    const ids = rows.map((row) => row.id);
    const [groups, counts] = await Promise.all([repository.groupIdsBySource(ids), repository.documentCounts(ids)]);
    return rows.map((row) => toDataSource(row, groups.get(row.id) ?? [], counts.get(row.id) ?? 0));
  }

  /**
   * Connection columns: the public settings with a `…Set` flag per secret, and the secrets encrypted together.
   * A secret left empty keeps the stored one while the app and its addresses stay the same; changing either drops them,
   * so that a kept secret never goes to a server it was not entered for.
   */
  private settingsColumns(input: DataSourceInput, current: DataSourceRow | null) {
    const appId = input.AppId as DataSourceAppId;
    const secretKeys = secretFieldsOf(appId);
    const kept = current && connectionSecretsStay(current, input) && current.secrets_enc ? (JSON.parse(this.secrets.decrypt(current.secrets_enc)) as Record<string, string>) : {};
    const secrets: Record<string, string> = {};
    for (const key of secretKeys) {
      const value = input.Connection[key] ?? kept[key];
      if (value) secrets[key] = value;
    }
    const connection: Record<string, string | boolean | null> = {};
    for (const field of CONNECTION_FIELDS[appId]) {
      if (field.Kind === 'secret') connection[`${field.Key}Set`] = field.Key in secrets;
      else connection[field.Key] = input.Connection[field.Key] ?? null;
    }
    // The store's key: an empty one keeps the stored key (storeKeyStays).
    const database = input.Rag.VectorDatabase as VectorDatabaseId;
    const storeFields = input.Rag.Embeddings ? VECTOR_STORE_FIELDS[database] : [];
    const keptStoreKey = current && storeKeyStays(current, input) && current.vector_store_secret_enc ? this.readSecret(current.vector_store_secret_enc) : null;
    const storeKey = (input.Rag.Store.ApiKey as string | null | undefined) || keptStoreKey;
    const store: Record<string, string | boolean | null> = {};
    for (const field of storeFields) {
      if (field.Kind === 'secret') store[`${field.Key}Set`] = storeKey !== null;
      else store[field.Key] = (input.Rag.Store[field.Key] as string | null | undefined) ?? null;
    }
    const keepsStoreKey = storeFields.some((field) => field.Kind === 'secret') && storeKey !== null;
    return {
      name: input.Name,
      app_id: appId,
      connection_json: JSON.stringify(connection),
      secrets_enc: Object.keys(secrets).length ? this.secrets.encrypt(JSON.stringify(secrets)) : null,
      vector_database: input.Rag.VectorDatabase,
      embedding_model: input.Rag.EmbeddingModel,
      chunk_size: input.Rag.ChunkSize,
      similarity: input.Rag.Similarity,
      embeddings_enabled: input.Rag.Embeddings ? 1 : 0,
      embedding_language_model_id: input.Rag.EmbeddingLanguageModelId,
      embedding_model_name: input.Rag.EmbeddingModelName,
      vector_store_json: JSON.stringify(store),
      vector_store_secret_enc: keepsStoreKey ? this.secrets.encrypt(storeKey!) : null,
      sync_interval: input.Rag.SyncInterval,
      sync_interval_unit: input.Rag.SyncIntervalUnit,
      enabled: input.Enabled ? 1 : 0,
    };
  }

  /** A stored secret, or null when it cannot be read (the secrets key changed): the form then asks for it again. */
  private readSecret(encrypted: string): string | null {
    try {
      return this.secrets.decrypt(encrypted);
    } catch {
      return null;
    }
  }

  /** The connection's URLs and hosts must be ones outbound calls may reach (checked again at every sync). */
  private async assertReachable(input: DataSourceInput): Promise<void> {
    const targets: Record<string, string | null> = {};
    for (const field of CONNECTION_FIELDS[input.AppId as DataSourceAppId]) {
      const value = input.Connection[field.Key];
      if (!value) continue;
      if (field.Kind === 'url') targets[`Connection.${field.Key}`] = value;
      if (field.Kind === 'host') targets[`Connection.${field.Key}`] = `https://${value}`;
    }
    const storeUrl = input.Rag.Store.Url;
    if (typeof storeUrl === 'string' && storeUrl) targets['Rag.Store.Url'] = storeUrl;
    await this.outbound.assertCallable(targets);
  }

  private async assertValid(db: Kysely<Database>, organizationId: string, input: DataSourceInput, current: DataSourceRow | null): Promise<void> {
    if (await new DataSourcesRepository(db).nameTaken(organizationId, input.Name, current?.id ?? null)) {
      throw conflict('A data source with this name already exists.', { Name: 'A data source with this name already exists' });
    }
    const errors: Record<string, string> = {};
    const appId = input.AppId as DataSourceAppId;
    const storedSecrets = current && connectionSecretsStay(current, input) ? storedSecretFlags(current) : new Set<string>();
    for (const field of CONNECTION_FIELDS[appId]) {
      if (field.Kind === 'secret' && !input.Connection[field.Key] && !storedSecrets.has(field.Key)) errors[`Connection.${field.Key}`] = `${field.Label} is required`;
    }
    const database = input.Rag.VectorDatabase as VectorDatabaseId;
    if (input.Rag.Embeddings) {
      const storedKey = current !== null && storeKeyStays(current, input) && current.vector_store_secret_enc !== null;
      for (const field of VECTOR_STORE_FIELDS[database]) {
        if (field.Kind === 'secret' && field.Required && !input.Rag.Store[field.Key] && !storedKey) errors[`Rag.Store.${field.Key}`] = `${field.Label} is required`;
      }
    }
    const embeddingModelId = input.Rag.EmbeddingLanguageModelId;
    if (embeddingModelId !== null) {
      const model = await db.selectFrom('language_models').select(['provider']).where('id', '=', embeddingModelId).where('organization_id', '=', organizationId).executeTakeFirst();
      if (!model) errors['Rag.EmbeddingLanguageModelId'] = 'Choose a language model of your organization';
      else if (!providerHasEmbeddings(model.provider)) errors['Rag.EmbeddingLanguageModelId'] = 'This provider has no embeddings API: choose an OpenAI, Azure OpenAI, Ollama, OpenAI-compatible or demo model';
    }
    const wanted = unique(input.GroupIds);
    const found = await new MembershipsRepository(db).existingInOrganization('groups', organizationId, wanted);
    if (found.size !== wanted.length) errors.GroupIds = 'Choose groups of your organization';
    if (Object.keys(errors).length) throw badRequest('Some fields are not valid.', errors);
  }
}

async function findOrThrow(db: Kysely<Database>, actor: Principal, id: string): Promise<DataSourceRow> {
  const row = await new DataSourcesRepository(db).findInOrganization(id, orgOf(actor));
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** Which secrets are stored, read from the public flags so that nothing is decrypted for it. */
/** Stored connection secrets stay only while the app and every address of its connection stay the same. */
function connectionSecretsStay(current: DataSourceRow, input: DataSourceInput): boolean {
  if (current.app_id !== input.AppId) return false;
  const stored = JSON.parse(current.connection_json) as Record<string, unknown>;
  return CONNECTION_FIELDS[input.AppId as DataSourceAppId]
    .filter((field) => field.Kind === 'url' || field.Kind === 'host')
    .every((field) => (stored[field.Key] ?? null) === (input.Connection[field.Key] ?? null));
}

/** The stored vector-store key stays unless the input forgets it, and only while the vector database and its URL stay the same. */
function storeKeyStays(current: DataSourceRow, input: DataSourceInput): boolean {
  if (input.Rag.ClearStoreApiKey || current.vector_database !== input.Rag.VectorDatabase) return false;
  const stored = JSON.parse(current.vector_store_json ?? '{}') as Record<string, unknown>;
  return (stored.Url ?? null) === (input.Rag.Store.Url ?? null);
}

function storedSecretFlags(row: DataSourceRow): Set<string> {
  const connection = JSON.parse(row.connection_json) as Record<string, unknown>;
  return new Set(Object.keys(connection).filter((key) => key.endsWith('Set') && connection[key] === true).map((key) => key.slice(0, -3)));
}

const unique = (ids: string[]): string[] => [...new Set(ids)];

/** Where a source's vectors are written: a change moves them (FAISS: the embedded index). */
function storeLocationOf(row: Pick<DataSourceRow, 'embeddings_enabled' | 'vector_database' | 'vector_store_json' | 'similarity'>): string {
  return usesExternalStore(row) ? `${row.vector_database}|${row.vector_store_json}|${row.similarity}` : '';
}
