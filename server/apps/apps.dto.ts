import type { App, CopilotPromptTypeValue } from '../../domain/schemas/apps';
import { iso, isoOrNull } from '../http/rest';
import type { AppSetupState } from './app-setup';
import { appStatusOf, completedStepOf, parseDataAccess, parsePrompts, parseRag, pruneDataAccess } from './app-setup';
import type { AppReferences, AppRow, AppTokenRow } from './apps.repository';

/** The step data as it stands: ids from the join tables (deleted records drop out), the rest from the JSON columns. */
export function setupStateOf(row: AppRow, references: AppReferences, existingGroupIds: ReadonlySet<string> | null): AppSetupState {
  const defaultModel = row.default_language_model_id === null ? null : Number(row.default_language_model_id);
  return {
    DataSourceIds: references.dataSourceIds,
    DataAccess: pruneDataAccess(parseDataAccess(row.data_access_json), references.dataSourceIds, existingGroupIds),
    Rag: parseRag(row.rag_json),
    LanguageModelIds: references.languageModelIds,
    DefaultLanguageModelId: defaultModel !== null && references.languageModelIds.includes(defaultModel) ? defaultModel : null,
    PolicyIds: references.policyIds,
    UserIds: references.userIds,
    GroupIds: references.groupIds,
    PromptType: row.prompt_type as CopilotPromptTypeValue,
    PredefinedPrompts: parsePrompts(row.predefined_prompts_json),
  };
}

export function toApp(row: AppRow, state: AppSetupState, token: AppTokenRow | undefined): App {
  const completed = completedStepOf(row.completed_step, state);
  return {
    id: row.id,
    Name: row.name,
    Description: row.description,
    Status: appStatusOf(row.status, completed),
    CompletedStep: completed,
    ...state,
    TokenSet: token !== undefined,
    TokenMasked: token?.masked_secret ?? null,
    TokenCreatedAt: isoOrNull(token ? token.created_at : null),
    RequestsPerMinute: row.rate_limit_rpm,
    TokensPerMinute: row.rate_limit_tpm,
    AllowedTools: row.allowed_tools ? (JSON.parse(row.allowed_tools) as string[]) : null,
    CreatedAt: iso(row.created_at),
    UpdatedAt: iso(row.updated_at),
  };
}
