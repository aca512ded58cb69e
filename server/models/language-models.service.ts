import { configCacheFor } from '../db/config-cache';
import type { ConfigReader } from '../db/config-cache';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { ConfigStatus, Role } from '../../domain/enums';
import type { LanguageModel, LanguageModelCreateSchema, LanguageModelInputSchema, LanguageModelSummary, LlmProvider } from '../../domain/schemas/language-models';
import { AZURE_DEFAULT_API_VERSION, LLM_PROVIDER_LABELS, LLM_PROVIDERS_NEEDING_API_KEY } from '../../domain/schemas/language-models';
import { recordAudit } from '../audit/audit.service';
import type { Principal } from '../auth/principal';
import type { Database } from '../db/schema';
import { MembershipsRepository } from '../directory/memberships.repository';
import { orgOf } from '../directory/users.service';
import { badRequest, conflict, notFound } from '../http/errors';
import type { ListParams } from '../http/list-query';
import type { OutboundClient } from '../outbound';
import type { SecretBox } from '../security/secret-box';
import { toLanguageModel, toLanguageModelSummary } from './language-models.dto';
import type { LanguageModelListQuery, LanguageModelRow, LanguageModelSortField } from './language-models.repository';
import { LanguageModelsRepository } from './language-models.repository';
import { runConfigTest } from './language-model-test';
import { providerFor } from './providers';
import type { ChatProvider } from './providers';

export type LanguageModelCreateInput = z.output<typeof LanguageModelCreateSchema>;
export type LanguageModelUpdateInput = z.output<typeof LanguageModelInputSchema>;

export const LLM_MANAGERS = [Role.ORG_ADMIN] as const;
export const LLM_READERS = [Role.ORG_ADMIN, Role.USER] as const;
export const TEST_TIMEOUT_MS = 30_000;

const RESOURCE = 'language-models';
const NOT_FOUND = 'The language model';

export interface LanguageModelsServiceOptions {
  /** How long the Test action waits for the provider. */
  testTimeoutMs?: number;
}

/**
 * Language models of one organization. Its admin manages them (the API key is write-only, stored encrypted);
 * a USER reads the enabled models granted to one of their groups, and those granted to no group, which are
 * available to the whole organization.
 */
export class LanguageModelsService {
  private readonly testTimeoutMs: number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly secrets: SecretBox,
    private readonly outbound: OutboundClient,
    options: LanguageModelsServiceOptions = {},
  ) {
    this.testTimeoutMs = options.testTimeoutMs ?? TEST_TIMEOUT_MS;
  }

  async list(actor: Principal, params: ListParams<LanguageModelSortField>): Promise<{ rows: (LanguageModel | LanguageModelSummary)[]; total: number }> {
    const { filter, ...page } = params;
    const repository = new LanguageModelsRepository(this.db);
    const isUser = actor.role === Role.USER;
    const result = await repository.list({ ...page, ...listFilter(filter, isUser), organizationId: orgOf(actor), ...(isUser ? { usableBy: actor.userId } : {}) });
    if (isUser) return { rows: result.rows.map(toLanguageModelSummary), total: result.total };
    const groups = await repository.groupIdsByModel(result.rows.map((row) => Number(row.id)));
    return { rows: result.rows.map((row) => toLanguageModel(row, groups.get(Number(row.id)) ?? [])), total: result.total };
  }

  async get(actor: Principal, rawId: string): Promise<LanguageModel | LanguageModelSummary> {
    const id = parseId(rawId);
    if (actor.role === Role.USER) return toLanguageModelSummary(await this.findOrThrow(this.db, actor, id, actor.userId));
    return this.present(this.db, await this.findOrThrow(this.db, actor, id));
  }

  async create(actor: Principal, input: LanguageModelCreateInput): Promise<LanguageModel> {
    const organizationId = orgOf(actor);
    await this.assertReachable(input);
    return this.db.transaction().execute(async (trx) => {
      const repository = new LanguageModelsRepository(trx);
      await this.assertValid(trx, organizationId, input, null);
      const at = Date.now();
      const id = await repository.insert({
        organization_id: organizationId,
        ...this.settingsColumns(input, null),
        config_status: ConfigStatus.UNKNOWN,
        config_message: null,
        tested_at: null,
        created_at: at,
        updated_at: at,
      });
      await repository.setGroups(id, unique(input.GroupIds));
      const after = await this.present(trx, await this.findOrThrow(trx, actor, id));
      await recordAudit(trx, actor, { action: 'create', resource: RESOURCE, recordId: String(id), summary: `Created language model "${after.Name}"`, after });
      return after;
    });
  }

  async update(actor: Principal, rawId: string, input: LanguageModelUpdateInput): Promise<LanguageModel> {
    const id = parseId(rawId);
    const organizationId = orgOf(actor);
    await this.assertReachable(input);
    return this.db.transaction().execute(async (trx) => {
      const repository = new LanguageModelsRepository(trx);
      const current = await this.findOrThrow(trx, actor, id);
      const before = await this.present(trx, current);
      await this.assertValid(trx, organizationId, input, id);
      // A stored key only goes where it was entered for: a new endpoint or provider needs the key again, or a changed
      // BaseUrl would hand the kept key to whatever server it names.
      const sameEndpoint = current.provider === input.Provider && (current.base_url ?? null) === (input.Provider === 'demo' ? null : input.BaseUrl);
      const settings = this.settingsColumns(input, sameEndpoint && !input.ClearApiKey ? current.api_key_enc : null);
      // A test result no longer applies once what it tested has changed.
      const retest = (['provider', 'model', 'base_url', 'api_version', 'api_key_enc'] as const).some((column) => settings[column] !== current[column]);
      await repository.update(id, {
        ...settings,
        ...(retest ? { config_status: ConfigStatus.UNKNOWN, config_message: null, tested_at: null } : {}),
        updated_at: Date.now(),
      });
      await repository.setGroups(id, unique(input.GroupIds));
      const after = await this.present(trx, await this.findOrThrow(trx, actor, id));
      const newKey = input.ApiKey && settings.api_key_enc !== null ? ' (new API key)' : current.api_key_enc !== null && settings.api_key_enc === null ? ' (API key removed)' : '';
      await recordAudit(trx, actor, { action: 'update', resource: RESOURCE, recordId: String(id), summary: `Updated language model "${after.Name}"${newKey}`, before, after });
      return after;
    });
  }

  async delete(actor: Principal, rawId: string): Promise<LanguageModel> {
    const id = parseId(rawId);
    return this.db.transaction().execute(async (trx) => {
      const before = await this.present(trx, await this.findOrThrow(trx, actor, id));
      await new LanguageModelsRepository(trx).delete(id);
      await recordAudit(trx, actor, { action: 'delete', resource: RESOURCE, recordId: String(id), summary: `Deleted language model "${before.Name}"`, before });
      return before;
    });
  }

  /**
   * The Test action: TESTING is stored first (so that others see it), then a tiny request goes to the provider,
   * and SUCCESS or ERROR (with the provider's sanitised message) is stored and answered.
   */
  async test(actor: Principal, rawId: string): Promise<LanguageModel> {
    const id = parseId(rawId);
    const current = await this.findOrThrow(this.db, actor, id);
    // Saved before the guard, or the allow-list or DNS has changed since: refused like a save, and nothing is sent.
    if (current.provider !== 'demo') await this.outbound.assertCallable({ BaseUrl: current.base_url });
    const before = await this.present(this.db, current);
    await new LanguageModelsRepository(this.db).update(id, { config_status: ConfigStatus.TESTING, config_message: null });
    const outcome = await runConfigTest(current, this.secrets, this.outbound, this.testTimeoutMs);
    return this.db.transaction().execute(async (trx) => {
      const repository = new LanguageModelsRepository(trx);
      // The model may have been deleted while its provider was being asked.
      await this.findOrThrow(trx, actor, id);
      await repository.update(id, { config_status: outcome.status, config_message: outcome.message, tested_at: Date.now() });
      const after = await this.present(trx, await this.findOrThrow(trx, actor, id));
      const result = outcome.status === ConfigStatus.SUCCESS ? 'SUCCESS' : 'ERROR';
      await recordAudit(trx, actor, { action: 'update', resource: RESOURCE, recordId: String(id), summary: `Tested language model "${after.Name}": ${result}`, before, after });
      return after;
    });
  }

  /** For chat and the pipeline: a model the caller may use (enabled, granted to them) and its provider. */
  async usable(actor: Principal, id: number, config: ConfigReader = configCacheFor(this.db)): Promise<{ model: LanguageModelSummary; provider: ChatProvider }> {
    // Cached per caller and model until the configuration changes (config-cache.ts); the provider holds the decrypted key.
    return config.get(`usable:${orgOf(actor)}:${actor.userId}:${id}`, async () => {
      const row = await this.findOrThrow(this.db, actor, id, actor.userId);
      return { model: toLanguageModelSummary(row), provider: providerFor(row, this.secrets, this.outbound) };
    });
  }

  /** A base URL that outbound calls may not reach is refused at save (checked again at every call). */
  private async assertReachable(input: LanguageModelCreateInput | LanguageModelUpdateInput): Promise<void> {
    if (input.Provider !== 'demo') await this.outbound.assertCallable({ BaseUrl: input.BaseUrl });
  }

  private async findOrThrow(db: Kysely<Database>, actor: Principal, id: number, usableBy?: string): Promise<LanguageModelRow> {
    const row = await new LanguageModelsRepository(db).find(id, orgOf(actor), usableBy);
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  private async present(db: Kysely<Database>, row: LanguageModelRow): Promise<LanguageModel> {
    const groups = await new LanguageModelsRepository(db).groupIdsByModel([Number(row.id)]);
    return toLanguageModel(row, groups.get(Number(row.id)) ?? []);
  }

  /** The stored settings; the demo model keeps no endpoint and no key. */
  private settingsColumns(input: LanguageModelCreateInput | LanguageModelUpdateInput, storedKey: string | null) {
    const provider: LlmProvider = input.Provider;
    const demo = provider === 'demo';
    const apiKeyEnc = demo ? null : input.ApiKey ? this.secrets.encrypt(input.ApiKey) : storedKey;
    if (apiKeyEnc === null && LLM_PROVIDERS_NEEDING_API_KEY.includes(provider)) {
      throw badRequest('Some fields are not valid.', { ApiKey: `API key is required for ${LLM_PROVIDER_LABELS[provider]}` });
    }
    return {
      name: input.Name,
      provider,
      model: input.Model,
      base_url: demo ? null : input.BaseUrl,
      api_version: provider === 'azure-openai' ? (input.ApiVersion ?? AZURE_DEFAULT_API_VERSION) : null,
      api_key_enc: apiKeyEnc,
      max_tokens: input.MaxTokens,
      temperature: input.Temperature,
      vision: input.Vision ? 1 : 0,
      enabled: input.Enabled ? 1 : 0,
    };
  }

  private async assertValid(db: Kysely<Database>, organizationId: string, input: LanguageModelCreateInput | LanguageModelUpdateInput, exceptId: number | null): Promise<void> {
    if (await new LanguageModelsRepository(db).nameTaken(organizationId, input.Name, exceptId)) {
      throw conflict('A language model with this name already exists.', { Name: 'Name is already in use' });
    }
    const wanted = unique(input.GroupIds);
    const found = await new MembershipsRepository(db).existingInOrganization('groups', organizationId, wanted);
    if (found.size !== wanted.length) throw badRequest('Some fields are not valid.', { GroupIds: 'Choose groups of your organization' });
  }
}

/** Ids are positive integers; anything else cannot name a model, so it is simply not found. */
export function parseId(raw: string): number {
  if (!/^[1-9]\d{0,14}$/.test(raw)) throw notFound(NOT_FOUND);
  return Number(raw);
}

type ListFilter = Pick<LanguageModelListQuery, 'search' | 'ids' | 'enabled' | 'provider' | 'configStatus'>;

/** react-admin filters: q (search) and id (getMany) for everyone; Enabled, Provider, ConfigStatus for the admin. */
function listFilter(filter: Record<string, unknown>, isUser: boolean): ListFilter {
  const result: ListFilter = {};
  if (typeof filter.q === 'string' && filter.q.trim()) result.search = filter.q.trim().slice(0, 200);
  if (filter.id !== undefined) {
    const list: unknown[] = Array.isArray(filter.id) ? filter.id : [filter.id];
    result.ids = list.map((value) => (typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : NaN)).filter((value) => Number.isInteger(value) && value > 0);
  }
  if (isUser) return result;
  if (typeof filter.Enabled === 'boolean') result.enabled = filter.Enabled;
  if (typeof filter.Provider === 'string') result.provider = filter.Provider;
  if (typeof filter.ConfigStatus === 'number') result.configStatus = filter.ConfigStatus;
  return result;
}

const unique = (ids: string[]): string[] => [...new Set(ids)];
