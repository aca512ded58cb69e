import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { CopilotPromptType, Role } from '../../domain/enums';
import type { App, AppConfig, AppCreateSchema, AppTokenCreated, AppUpdateSchema, CopilotSetupStepValue } from '../../domain/schemas/apps';
import { APP_TOKEN_PREFIX, COPILOT_STEP_COUNT, RAG_DEFAULTS } from '../../domain/schemas/apps';
import { recordAudit } from '../audit/audit.service';
import { randomSecret, sha256 } from '../auth/crypto';
import type { Principal } from '../auth/principal';
import { newId } from '../db/ids';
import type { Database } from '../db/schema';
import { orgOf } from '../directory/users.service';
import { conflict, notFound } from '../http/errors';
import type { ListParams } from '../http/list-query';
import { filterIds, filterText } from '../http/rest';
import { resolveAppConfig } from './app-config';
import { parseDataAccess } from './app-setup';
import { saveStep } from './app-steps';
import { setupStateOf, toApp } from './apps.dto';
import type { AppListQuery, AppRow, AppSortField } from './apps.repository';
import { AppsRepository } from './apps.repository';

export type AppCreateInput = z.output<typeof AppCreateSchema>;
export type AppUpdateInput = z.output<typeof AppUpdateSchema>;

export const APP_MANAGERS = [Role.ORG_ADMIN] as const;
export const RESOURCE = 'apps';
const NOT_FOUND = 'The copilot';

/** Copilots of one organization, set up by its admin in 7 steps; each change is audited with the public view. */
export class AppsService {
  constructor(private readonly db: Kysely<Database>) {}

  async list(actor: Principal, params: ListParams<AppSortField>): Promise<{ rows: App[]; total: number }> {
    const { filter, ...page } = params;
    const organizationId = orgOf(actor);
    const result = await new AppsRepository(this.db).list({ ...page, ...listFilter(filter), organizationId });
    return { rows: await present(this.db, organizationId, result.rows), total: result.total };
  }

  async get(actor: Principal, id: string, db: Kysely<Database> = this.db): Promise<App> {
    const [app] = await present(db, orgOf(actor), [await findOrThrow(db, actor, id)]);
    return app!;
  }

  async create(actor: Principal, input: AppCreateInput): Promise<App> {
    const organizationId = orgOf(actor);
    const id = newId();
    const at = Date.now();
    return this.db.transaction().execute(async (trx) => {
      await assertNameFree(trx, organizationId, input.Name, null);
      await new AppsRepository(trx).insert({
        id,
        organization_id: organizationId,
        name: input.Name,
        description: input.Description,
        status: 'draft',
        completed_step: 0,
        data_access_json: '[]',
        rag_json: JSON.stringify(RAG_DEFAULTS),
        default_language_model_id: null,
        prompt_type: CopilotPromptType.FREEFORM,
        predefined_prompts_json: '[]',
        created_at: at,
        updated_at: at,
      });
      const after = await this.get(actor, id, trx);
      await recordAudit(trx, actor, { action: 'create', resource: RESOURCE, recordId: id, summary: `Created copilot "${after.Name}"`, after });
      return after;
    });
  }

  /** Name and description; Status 'disabled' turns the copilot off, any other Status turns it back on. */
  async update(actor: Principal, id: string, input: AppUpdateInput): Promise<App> {
    return this.db.transaction().execute(async (trx) => {
      const current = await findOrThrow(trx, actor, id);
      const before = await this.get(actor, id, trx);
      await assertNameFree(trx, current.organization_id, input.Name, id);
      const wanted = input.Status ?? before.Status;
      if (wanted === 'active' && before.CompletedStep < COPILOT_STEP_COUNT) {
        throw conflict(`A copilot becomes active once all ${COPILOT_STEP_COUNT} set-up steps are complete; it has ${before.CompletedStep}.`, { Status: 'Complete the set-up first' });
      }
      const status = wanted === 'disabled' ? 'disabled' : before.CompletedStep === COPILOT_STEP_COUNT ? 'active' : 'draft';
      await new AppsRepository(trx).update(id, {
        name: input.Name,
        description: input.Description,
        status,
        ...(input.RequestsPerMinute !== undefined ? { rate_limit_rpm: input.RequestsPerMinute } : {}),
        ...(input.TokensPerMinute !== undefined ? { rate_limit_tpm: input.TokensPerMinute } : {}),
        // An empty list sets nothing at the copilot's level: the organization's list applies (stored as null).
        ...(input.AllowedTools !== undefined ? { allowed_tools: input.AllowedTools?.length ? JSON.stringify([...new Set(input.AllowedTools)]) : null } : {}),
        updated_at: Date.now(),
      });
      const after = await this.get(actor, id, trx);
      await recordAudit(trx, actor, { action: 'update', resource: RESOURCE, recordId: id, summary: `Updated copilot "${after.Name}"${before.Status !== after.Status ? ` (${after.Status})` : ''}`, before, after });
      return after;
    });
  }

  async delete(actor: Principal, id: string): Promise<App> {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.get(actor, id, trx);
      await new AppsRepository(trx).delete(id);
      await recordAudit(trx, actor, { action: 'delete', resource: RESOURCE, recordId: id, summary: `Deleted copilot "${before.Name}"`, before });
      return before;
    });
  }

  /** Saves one set-up step (validated, references checked, earlier steps complete) and answers the copilot. */
  async saveStep(actor: Principal, id: string, step: CopilotSetupStepValue, body: unknown): Promise<App> {
    return this.db.transaction().execute(async (trx) => {
      const row = await findOrThrow(trx, actor, id);
      const before = await this.get(actor, id, trx);
      await saveStep(trx, row, before, step, body);
      const after = await this.get(actor, id, trx);
      await recordAudit(trx, actor, { action: 'update', resource: RESOURCE, recordId: id, summary: `Saved step ${step} of copilot "${after.Name}"`, before, after });
      return after;
    });
  }

  /** Creates the copilot's access token, replacing any earlier one; the secret is answered this once. */
  async createToken(actor: Principal, id: string): Promise<AppTokenCreated> {
    const secret = `${APP_TOKEN_PREFIX}${randomSecret()}`;
    const at = Date.now();
    return this.db.transaction().execute(async (trx) => {
      const before = await this.get(actor, id, trx);
      const masked = `${secret.slice(0, APP_TOKEN_PREFIX.length + 6)}…`;
      await new AppsRepository(trx).replaceToken({ app_id: id, secret_hash: sha256(secret), masked_secret: masked, created_by: actor.userId, last_used_at: null, created_at: at });
      const after = await this.get(actor, id, trx);
      const verb = before.TokenSet ? 'Rotated' : 'Created';
      await recordAudit(trx, actor, { action: before.TokenSet ? 'update' : 'create', resource: RESOURCE, recordId: id, summary: `${verb} the access token of copilot "${after.Name}" (${masked})`, before, after });
      return { AppId: id, Secret: secret, TokenMasked: masked, TokenCreatedAt: new Date(at).toISOString() };
    });
  }

  async revokeToken(actor: Principal, id: string): Promise<App> {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.get(actor, id, trx);
      if (!before.TokenSet) throw notFound('The access token of this copilot');
      await new AppsRepository(trx).deleteToken(id);
      const after = await this.get(actor, id, trx);
      await recordAudit(trx, actor, { action: 'revoke', resource: RESOURCE, recordId: id, summary: `Revoked the access token of copilot "${after.Name}"`, before, after });
      return after;
    });
  }

  async config(actor: Principal, id: string): Promise<AppConfig> {
    const config = await this.configFor(orgOf(actor), id);
    if (!config) throw notFound(NOT_FOUND);
    return config;
  }

  /** For the pipeline (in process): everything needed to run the copilot, or undefined if it is not the organization's. */
  async configFor(organizationId: string, id: string): Promise<AppConfig | undefined> {
    const row = await new AppsRepository(this.db).findInOrganization(id, organizationId);
    if (!row) return undefined;
    const [app] = await present(this.db, organizationId, [row]);
    return resolveAppConfig(this.db, organizationId, app!);
  }
}

async function present(db: Kysely<Database>, organizationId: string, rows: AppRow[]): Promise<App[]> {
  const repository = new AppsRepository(db);
  const ids = rows.map((row) => row.id);
  const [references, tokens] = await Promise.all([repository.referencesByApp(ids), repository.tokensOf(ids)]);
  const accessGroupIds = [...new Set(rows.flatMap((row) => parseDataAccess(row.data_access_json).flatMap((entry) => entry.GroupIds)))];
  const groups = await repository.existingInOrganization('groups', organizationId, accessGroupIds);
  return rows.map((row) => toApp(row, setupStateOf(row, references.get(row.id)!, groups), tokens.find((token) => token.app_id === row.id)));
}

async function findOrThrow(db: Kysely<Database>, actor: Principal, id: string): Promise<AppRow> {
  const row = await new AppsRepository(db).findInOrganization(id, orgOf(actor));
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

async function assertNameFree(db: Kysely<Database>, organizationId: string, name: string, exceptId: string | null): Promise<void> {
  if (await new AppsRepository(db).nameTaken(organizationId, name, exceptId)) {
    throw conflict('A copilot with this name already exists.', { Name: 'Name is already in use' });
  }
}

type ListFilter = Pick<AppListQuery, 'search' | 'ids' | 'status'>;

/** react-admin filters: q (search), id (getMany), Status. */
function listFilter(filter: Record<string, unknown>): ListFilter {
  const result: ListFilter = {};
  const search = filterText(filter.q);
  if (search) result.search = search;
  const ids = filterIds(filter.id);
  if (ids) result.ids = ids;
  if (typeof filter.Status === 'string') result.status = filter.Status;
  return result;
}
