// Saving one step of the copilot set-up: the step's own schema (the form's), then every referenced id checked
// against the organization, then the order rule (a step is saved only once every earlier step is complete).
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { App, CopilotSetupStepValue } from '../../domain/schemas/apps';
import { APP_STEP_SCHEMAS, COPILOT_STEP_COUNT, COPILOT_STEP_LABELS } from '../../domain/schemas/apps';
import type { Database } from '../db/schema';
import type { FieldErrors } from '../http/errors';
import { badRequest, conflict } from '../http/errors';
import { completedStepOf, pruneDataAccess } from './app-setup';
import { setupStateOf } from './apps.dto';
import type { AppRow } from './apps.repository';
import { AppsRepository } from './apps.repository';

const INVALID = 'Some fields are not valid.';

export async function saveStep(db: Kysely<Database>, row: AppRow, current: App, step: CopilotSetupStepValue, body: unknown): Promise<void> {
  if (step > current.CompletedStep + 1) {
    const next = current.CompletedStep + 1;
    throw conflict(`Complete step ${next} (${COPILOT_STEP_LABELS[next as CopilotSetupStepValue]}) first: the set-up steps are saved in order.`);
  }
  const parsed = APP_STEP_SCHEMAS[step].safeParse(body);
  if (!parsed.success) throw badRequest(INVALID, fieldErrorsOf(parsed.error));

  const repository = new AppsRepository(db);
  const organizationId = row.organization_id;
  const unique = <T>(ids: T[]): T[] => [...new Set(ids)];
  const assertAll = async (table: 'data_sources' | 'groups' | 'users' | 'policies', ids: string[], field: string, message: string) => {
    const found = await repository.existingInOrganization(table, organizationId, ids);
    if (found.size !== ids.length) throw badRequest(INVALID, { [field]: message });
  };

  switch (step) {
    case 1: {
      const { DataSourceIds } = parsed.data as z.output<(typeof APP_STEP_SCHEMAS)[1]>;
      const ids = unique(DataSourceIds);
      await assertAll('data_sources', ids, 'DataSourceIds', 'Choose data sources of your organization');
      await repository.setDataSources(row.id, ids);
      // A source no longer chosen leaves step 2 with it.
      await repository.update(row.id, { data_access_json: JSON.stringify(pruneDataAccess(current.DataAccess, ids, null)) });
      break;
    }
    case 2: {
      const { DataAccess } = parsed.data as z.output<(typeof APP_STEP_SCHEMAS)[2]>;
      const sources = DataAccess.map((entry) => entry.DataSourceId);
      if (sources.some((id) => !current.DataSourceIds.includes(id))) throw badRequest(INVALID, { DataAccess: 'Data access can name only the data sources chosen in step 1' });
      if (new Set(sources).size !== sources.length) throw badRequest(INVALID, { DataAccess: 'Name each data source once' });
      await assertAll('groups', unique(DataAccess.flatMap((entry) => entry.GroupIds)), 'DataAccess', 'Choose groups of your organization');
      const entries = DataAccess.map((entry) => ({ DataSourceId: entry.DataSourceId, GroupIds: unique(entry.GroupIds) }));
      await repository.update(row.id, { data_access_json: JSON.stringify(entries) });
      break;
    }
    case 3: {
      const { Rag } = parsed.data as z.output<(typeof APP_STEP_SCHEMAS)[3]>;
      await repository.update(row.id, { rag_json: JSON.stringify({ TopK: Rag.TopK, MinScore: Rag.MinScore, CiteSources: Rag.CiteSources }) });
      break;
    }
    case 4: {
      const { LanguageModelIds, DefaultLanguageModelId } = parsed.data as z.output<(typeof APP_STEP_SCHEMAS)[4]>;
      const ids = unique(LanguageModelIds);
      const found = await repository.existingLanguageModels(organizationId, ids);
      if (found.size !== ids.length) throw badRequest(INVALID, { LanguageModelIds: 'Choose language models of your organization' });
      await repository.setLanguageModels(row.id, ids);
      // Without a choice the first model is the default, so the pipeline never has to guess.
      await repository.update(row.id, { default_language_model_id: DefaultLanguageModelId ?? ids[0] ?? null });
      break;
    }
    case 5: {
      const { PolicyIds } = parsed.data as z.output<(typeof APP_STEP_SCHEMAS)[5]>;
      const ids = unique(PolicyIds);
      await assertAll('policies', ids, 'PolicyIds', 'Choose policies of your organization');
      await repository.setPolicies(row.id, ids);
      break;
    }
    case 6: {
      const { UserIds, GroupIds } = parsed.data as z.output<(typeof APP_STEP_SCHEMAS)[6]>;
      await assertAll('users', unique(UserIds), 'UserIds', 'Choose users of your organization');
      await assertAll('groups', unique(GroupIds), 'GroupIds', 'Choose groups of your organization');
      await repository.setAudience(row.id, unique(UserIds), unique(GroupIds));
      break;
    }
    case 7: {
      const { PromptType, PredefinedPrompts } = parsed.data as z.output<(typeof APP_STEP_SCHEMAS)[7]>;
      await repository.update(row.id, { prompt_type: PromptType, predefined_prompts_json: JSON.stringify(PredefinedPrompts.map(({ Title, Prompt }) => ({ Title, Prompt }))) });
      break;
    }
  }

  // How far the set-up is saved, then how far it is valid; the status follows from that.
  const savedThrough = Math.max(row.completed_step, step);
  const saved = (await repository.findInOrganization(row.id, organizationId))!;
  const references = (await repository.referencesByApp([row.id])).get(row.id)!;
  const completed = completedStepOf(savedThrough, setupStateOf(saved, references, null));
  const status = row.status === 'disabled' ? 'disabled' : completed === COPILOT_STEP_COUNT ? 'active' : 'draft';
  await repository.update(row.id, { completed_step: savedThrough, status, updated_at: Date.now() });
}

/** Zod issues as the API's per-field messages ("Rag.TopK", "PredefinedPrompts.0.Title"), first message per field. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || 'body';
    errors[field] ??= issue.message;
  }
  return errors;
}
