// The rules of the 7-step set-up, pure: which steps of a copilot are valid, how far the set-up is complete, and
// the status that follows. Steps are saved in order, so the stored `completed_step` is how far the admin has
// saved; a later deletion (of every chosen model, say) can make a saved step invalid again, and the copilot then
// counts as complete only up to the step before it.
import type { App, AppStatus, CopilotSetupStepValue, DataAccessEntry, PredefinedPrompt, RagConfig } from '../../domain/schemas/apps';
import { APP_STEP_SCHEMAS, COPILOT_SETUP_STEPS, COPILOT_STEP_COUNT, RAG_DEFAULTS } from '../../domain/schemas/apps';

export type AppSetupState = Pick<
  App,
  'DataSourceIds' | 'DataAccess' | 'Rag' | 'LanguageModelIds' | 'DefaultLanguageModelId' | 'PolicyIds' | 'UserIds' | 'GroupIds' | 'PromptType' | 'PredefinedPrompts'
>;

export function stepIsValid(step: CopilotSetupStepValue, state: AppSetupState): boolean {
  if (!APP_STEP_SCHEMAS[step].safeParse(state).success) return false;
  if (step === 2) return state.DataAccess.every((entry) => state.DataSourceIds.includes(entry.DataSourceId));
  return true;
}

/** The highest step such that it and every earlier step were saved and are still valid. */
export function completedStepOf(savedThrough: number, state: AppSetupState): number {
  for (const step of COPILOT_SETUP_STEPS) {
    if (step > savedThrough || !stepIsValid(step, state)) return step - 1;
  }
  return COPILOT_STEP_COUNT;
}

/** 'disabled' stays until the admin enables the copilot again; otherwise active exactly when all 7 steps are valid. */
export function appStatusOf(storedStatus: string, completedStep: number): AppStatus {
  if (storedStatus === 'disabled') return 'disabled';
  return completedStep === COPILOT_STEP_COUNT ? 'active' : 'draft';
}

/** Step 2 names only step 1's sources and existing groups, each source once. */
export function pruneDataAccess(entries: readonly DataAccessEntry[], dataSourceIds: readonly string[], groupIds: ReadonlySet<string> | null): DataAccessEntry[] {
  const seen = new Set<string>();
  const kept: DataAccessEntry[] = [];
  for (const entry of entries) {
    if (!dataSourceIds.includes(entry.DataSourceId) || seen.has(entry.DataSourceId)) continue;
    seen.add(entry.DataSourceId);
    const groups = [...new Set(entry.GroupIds)];
    kept.push({ DataSourceId: entry.DataSourceId, GroupIds: groupIds ? groups.filter((id) => groupIds.has(id)) : groups });
  }
  return kept;
}

export function parseDataAccess(json: string): DataAccessEntry[] {
  const value = JSON.parse(json) as unknown;
  if (!Array.isArray(value)) return [];
  return value.filter(
    (entry): entry is DataAccessEntry =>
      typeof entry === 'object' && entry !== null && typeof (entry as DataAccessEntry).DataSourceId === 'string' && Array.isArray((entry as DataAccessEntry).GroupIds),
  );
}

export function parseRag(json: string): RagConfig {
  const value = JSON.parse(json) as Partial<RagConfig> | null;
  return {
    TopK: typeof value?.TopK === 'number' ? value.TopK : RAG_DEFAULTS.TopK,
    MinScore: typeof value?.MinScore === 'number' ? value.MinScore : RAG_DEFAULTS.MinScore,
    CiteSources: typeof value?.CiteSources === 'boolean' ? value.CiteSources : RAG_DEFAULTS.CiteSources,
  };
}

export function parsePrompts(json: string): PredefinedPrompt[] {
  const value = JSON.parse(json) as unknown;
  if (!Array.isArray(value)) return [];
  return value.filter((prompt): prompt is PredefinedPrompt => typeof prompt === 'object' && prompt !== null && typeof (prompt as PredefinedPrompt).Title === 'string' && typeof (prompt as PredefinedPrompt).Prompt === 'string');
}
