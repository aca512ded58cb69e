import type { Kysely } from 'kysely';
import type { App, AppConfig } from '../../domain/schemas/apps';
import { COPILOT_STEP_COUNT } from '../../domain/schemas/apps';
import type { Database } from '../db/schema';

/** Resolves a copilot's references to what the pipeline needs: names, enabled flags, the sources' own groups. */
export async function resolveAppConfig(db: Kysely<Database>, organizationId: string, app: App): Promise<AppConfig> {
  const none = Promise.resolve([]);
  const [sources, sourceGroups, models, policies] = await Promise.all([
    app.DataSourceIds.length
      ? db.selectFrom('data_sources').select(['id', 'name', 'enabled']).where('organization_id', '=', organizationId).where('id', 'in', app.DataSourceIds).orderBy('name').execute()
      : none,
    app.DataSourceIds.length ? db.selectFrom('data_source_groups').select(['data_source_id', 'group_id']).where('data_source_id', 'in', app.DataSourceIds).orderBy('group_id').execute() : none,
    app.LanguageModelIds.length
      ? db.selectFrom('language_models').select(['id', 'name', 'provider', 'model', 'enabled']).where('organization_id', '=', organizationId).where('id', 'in', app.LanguageModelIds).orderBy('name').execute()
      : none,
    app.PolicyIds.length
      ? db.selectFrom('policies').select(['id', 'name', 'type', 'enabled']).where('organization_id', '=', organizationId).where('id', 'in', app.PolicyIds).orderBy('name').execute()
      : none,
  ]);
  return {
    id: app.id,
    Name: app.Name,
    Status: app.Status,
    Ready: app.Status === 'active' && app.CompletedStep === COPILOT_STEP_COUNT,
    DataSources: sources.map((source) => ({
      id: source.id,
      Name: source.name,
      Enabled: source.enabled === 1,
      SourceGroupIds: sourceGroups.filter((grant) => grant.data_source_id === source.id).map((grant) => grant.group_id),
      AccessGroupIds: app.DataAccess.find((entry) => entry.DataSourceId === source.id)?.GroupIds ?? [],
    })),
    Rag: app.Rag,
    LanguageModels: models.map((model) => ({ id: Number(model.id), Name: model.name, Provider: model.provider, Model: model.model, Enabled: model.enabled === 1 })),
    DefaultLanguageModelId: app.DefaultLanguageModelId,
    Policies: policies.map((policy) => ({ id: policy.id, Name: policy.name, Type: policy.type, Enabled: policy.enabled === 1 })),
    UserIds: app.UserIds,
    GroupIds: app.GroupIds,
    PromptType: app.PromptType,
    PredefinedPrompts: app.PredefinedPrompts,
  };
}
