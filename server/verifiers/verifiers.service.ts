import { configCacheFor } from '../db/config-cache';
import type { ConfigReader } from '../db/config-cache';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { Role } from '../../domain/enums';
import type { Verifier, VerificationOutcome, VerifierInputSchema } from '../../domain/schemas/verifiers';
import { recordAudit } from '../audit/audit.service';
import type { Principal } from '../auth/principal';
import { newId } from '../db/ids';
import type { Database } from '../db/schema';
import { orgOf } from '../directory/users.service';
import { conflict, notFound } from '../http/errors';
import type { ListParams } from '../http/list-query';
import { filterIds, filterText } from '../http/rest';
import type { FetchLike, OutboundClient } from '../outbound';
import type { SecretBox } from '../security/secret-box';
import { metricTypesOf, toVerifier } from './verifiers.dto';
import type { VerifierListQuery, VerifierRow, VerifierSortField } from './verifiers.repository';
import { VerifiersRepository } from './verifiers.repository';
import type { VerifierRuntime, VerifyInput } from './verify';
import { verify } from './verify';
import { EXTERNAL_TIMEOUT_MS, MAX_REPLY_BYTES } from './external-client';

export type VerifierInput = z.output<typeof VerifierInputSchema>;

export const VERIFIER_MANAGERS = [Role.ORG_ADMIN] as const;
const RESOURCE = 'verifiers';
const NOT_FOUND = 'The verifier';

export interface VerifiersServiceOptions {
  /** How long an external verification service may take. */
  externalTimeoutMs?: number;
}

/** Verification sources of one organization, managed by its admin; the API key is write-only and stored encrypted. */
export class VerifiersService {
  private readonly externalTimeoutMs: number;
  private readonly fetch: FetchLike;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly secrets: SecretBox,
    private readonly outbound: OutboundClient,
    options: VerifiersServiceOptions = {},
  ) {
    this.externalTimeoutMs = options.externalTimeoutMs ?? EXTERNAL_TIMEOUT_MS;
    this.fetch = outbound.fetcher({ timeoutMs: this.externalTimeoutMs, maxResponseBytes: MAX_REPLY_BYTES });
  }

  async list(actor: Principal, params: ListParams<VerifierSortField>): Promise<{ rows: Verifier[]; total: number }> {
    const { filter, ...page } = params;
    const result = await new VerifiersRepository(this.db).list({ ...page, ...listFilter(filter), organizationId: orgOf(actor) });
    return { rows: result.rows.map(toVerifier), total: result.total };
  }

  async get(actor: Principal, id: string): Promise<Verifier> {
    return toVerifier(await findOrThrow(this.db, actor, id));
  }

  async create(actor: Principal, input: VerifierInput): Promise<Verifier> {
    const organizationId = orgOf(actor);
    const id = newId();
    const at = Date.now();
    await this.outbound.assertCallable({ Endpoint: input.Endpoint });
    return this.db.transaction().execute(async (trx) => {
      await assertNameFree(trx, organizationId, input.Name, null);
      await new VerifiersRepository(trx).insert({ id, organization_id: organizationId, ...this.settingsColumns(input, null), created_at: at, updated_at: at });
      const after = toVerifier(await findOrThrow(trx, actor, id));
      await recordAudit(trx, actor, { action: 'create', resource: RESOURCE, recordId: id, summary: `Created verifier "${after.Name}"`, after });
      return after;
    });
  }

  async update(actor: Principal, id: string, input: VerifierInput): Promise<Verifier> {
    await this.outbound.assertCallable({ Endpoint: input.Endpoint });
    return this.db.transaction().execute(async (trx) => {
      const current = await findOrThrow(trx, actor, id);
      const before = toVerifier(current);
      await assertNameFree(trx, current.organization_id, input.Name, id);
      // A stored key only goes to the endpoint it was entered for: a changed Endpoint needs the key again.
      const settings = this.settingsColumns(input, current.endpoint === input.Endpoint ? current.api_key_enc : null);
      await new VerifiersRepository(trx).update(id, { ...settings, updated_at: Date.now() });
      const after = toVerifier(await findOrThrow(trx, actor, id));
      const keyNote = input.ApiKey ? ' (new API key)' : settings.api_key_enc === null && current.api_key_enc !== null ? ' (API key removed)' : '';
      await recordAudit(trx, actor, { action: 'update', resource: RESOURCE, recordId: id, summary: `Updated verifier "${after.Name}"${keyNote}`, before, after });
      return after;
    });
  }

  async delete(actor: Principal, id: string): Promise<Verifier> {
    return this.db.transaction().execute(async (trx) => {
      const before = toVerifier(await findOrThrow(trx, actor, id));
      await new VerifiersRepository(trx).delete(id);
      await recordAudit(trx, actor, { action: 'delete', resource: RESOURCE, recordId: id, summary: `Deleted verifier "${before.Name}"`, before });
      return before;
    });
  }

  /**
   * For the pipeline's verification stage: runs the organization's enabled verifiers on an answer. A verifier whose
   * stored key cannot be decrypted reports FailedToVerify for its metrics rather than calling without the key.
   */
  async verifyAnswer(organizationId: string, input: VerifyInput, config: ConfigReader = configCacheFor(this.db)): Promise<VerificationOutcome> {
    const rows = await config.get(`verifiers:${organizationId}`, () => new VerifiersRepository(this.db).enabledOf(organizationId));
    return verify(input, rows.map((row) => this.runtimeOf(row)), { fetch: this.fetch, externalTimeoutMs: this.externalTimeoutMs });
  }

  private runtimeOf(row: VerifierRow): VerifierRuntime {
    let apiKey: string | null = null;
    let unusable: string | undefined;
    if (row.api_key_enc) {
      try {
        apiKey = this.secrets.decrypt(row.api_key_enc);
      } catch {
        unusable = 'The stored API key cannot be read (the secrets key has changed); enter the key again.';
      }
    }
    return {
      id: row.id,
      name: row.name,
      metricTypes: metricTypesOf(row),
      intensity: row.intensity as VerifierRuntime['intensity'],
      apiVersion: row.api_version as VerifierRuntime['apiVersion'],
      action: row.action as VerifierRuntime['action'],
      threshold: row.threshold,
      endpoint: row.endpoint,
      apiKey,
      ...(unusable ? { unusable } : {}),
    };
  }

  private settingsColumns(input: VerifierInput, storedKey: string | null) {
    const apiKeyEnc = input.ApiKey ? this.secrets.encrypt(input.ApiKey) : input.ClearApiKey ? null : storedKey;
    return {
      name: input.Name,
      metric_types_json: JSON.stringify(input.MetricTypes),
      intensity: input.Intensity,
      api_version: input.ApiVersion,
      action: input.Action,
      threshold: input.Threshold,
      endpoint: input.Endpoint,
      // A key only ever goes to the endpoint it was entered for: without an endpoint there is nothing to keep it for.
      api_key_enc: input.Endpoint ? apiKeyEnc : null,
      enabled: input.Enabled ? 1 : 0,
    };
  }
}

async function findOrThrow(db: Kysely<Database>, actor: Principal, id: string): Promise<VerifierRow> {
  const row = await new VerifiersRepository(db).findInOrganization(id, orgOf(actor));
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

async function assertNameFree(db: Kysely<Database>, organizationId: string, name: string, exceptId: string | null): Promise<void> {
  if (await new VerifiersRepository(db).nameTaken(organizationId, name, exceptId)) {
    throw conflict('A verifier with this name already exists.', { Name: 'Name is already in use' });
  }
}

type ListFilter = Pick<VerifierListQuery, 'search' | 'ids' | 'enabled' | 'action'>;

/** react-admin filters: q (search), id (getMany), Enabled, Action. */
function listFilter(filter: Record<string, unknown>): ListFilter {
  const result: ListFilter = {};
  const search = filterText(filter.q);
  if (search) result.search = search;
  const ids = filterIds(filter.id);
  if (ids) result.ids = ids;
  if (typeof filter.Enabled === 'boolean') result.enabled = filter.Enabled;
  if (typeof filter.Action === 'string') result.action = filter.Action;
  return result;
}
