// What the pipeline needs to run a prompt through a copilot (PROMPT_COPILOT from the chat, or a gateway call made
// with the copilot's own gca_ token): its model, the data sources this caller may read through it, its RAG
// settings and its own policy rules (step 5).
import type { FastifyInstance } from 'fastify';
import type { RagConfig } from '../../domain/schemas/apps';
import type { LanguageModelSummary } from '../../domain/schemas/language-models';
import { mayUseApp, readableDataSourceIds } from '../apps/app-access';
import type { AppCaller } from '../apps/app-access';
import type { Principal } from '../auth/principal';
import { forbidden, notFound } from '../http/errors';
import { toLanguageModelSummary } from '../models/language-models.dto';
import { LanguageModelsRepository } from '../models/language-models.repository';
import { providerFor } from '../models/providers';
import type { ChatProvider } from '../models/providers/types';
import { PolicyAudienceRepository } from '../policies/policy-audience.repository';

export interface CopilotContext {
  appId: string;
  appName: string;
  model: LanguageModelSummary;
  provider: ChatProvider;
  /** The copilot's sources this caller may read (step 2 narrowing each source's own group restriction). */
  dataSourceIds: string[];
  rag: RagConfig | null;
  /** The copilot's enabled step-5 policies, applied on top of the policies that apply to the caller. */
  policyIds: string[];
}

const NOT_FOUND = 'The copilot';

/**
 * The copilot as `actor` may use it; `actor` null is a call made with the copilot's own access token (no user: only
 * sources open to everyone). 404 for an unknown, foreign, draft or disabled copilot; 403 when the user is not one of
 * its users (step 6). The model is `requestedModelId` when it is one of the copilot's enabled models, else its
 * default model when enabled, else its first enabled model (by name).
 */
export async function copilotContext(app: FastifyInstance, actor: Principal | null, appId: string, requestedModelId?: number): Promise<CopilotContext> {
  const db = app.db.kysely;
  const organizationId = actor ? actor.organizationId : (await db.selectFrom('apps').select('organization_id').where('id', '=', appId).executeTakeFirst())?.organization_id;
  if (!organizationId) throw notFound(NOT_FOUND);
  const config = await app.services.apps.configFor(organizationId, appId);
  if (!config || !config.Ready) throw notFound(NOT_FOUND);
  const caller: AppCaller = actor ? { userId: actor.userId, groupIds: await new PolicyAudienceRepository(db).groupIdsOfUser(actor.userId) } : { userId: null, groupIds: [] };
  if (!mayUseApp(config, caller)) throw forbidden('You are not one of the users of this copilot.');

  const enabled = config.LanguageModels.filter((model) => model.Enabled);
  const chosen =
    enabled.find((model) => model.id === requestedModelId) ?? enabled.find((model) => model.id === config.DefaultLanguageModelId) ?? enabled[0];
  const row = chosen ? await new LanguageModelsRepository(db).find(chosen.id, organizationId) : undefined;
  if (!row || row.enabled !== 1) throw notFound('A language model of this copilot');
  return {
    appId: config.id,
    appName: config.Name,
    model: toLanguageModelSummary(row),
    provider: providerFor(row, app.services.secrets, app.services.outbound),
    dataSourceIds: readableDataSourceIds(config, caller),
    rag: config.Rag,
    policyIds: config.Policies.filter((policy) => policy.Enabled).map((policy) => policy.id),
  };
}
