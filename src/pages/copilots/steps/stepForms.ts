import type { ComponentType } from 'react';
import type { App, CopilotSetupStepValue } from '../../../../domain';
import { DataAccessStep } from './DataAccessStep';
import { DataSourcesStep } from './DataSourcesStep';
import { LanguageModelsStep } from './LanguageModelsStep';
import { PolicyRulesStep } from './PolicyRulesStep';
import { PromptTypeStep } from './PromptTypeStep';
import { RagStep } from './RagStep';
import { UsersAndGroupsStep } from './UsersAndGroupsStep';

export interface StepForm {
  Inputs: ComponentType;
  /** The step's fields of the copilot, as the form starts with them. */
  values: (app: App) => Record<string, unknown>;
}

/** Step 2 lists every data source chosen in step 1, keeping the groups already given. */
function dataAccessValues(app: App) {
  return {
    DataAccess: app.DataSourceIds.map((id) => ({ DataSourceId: id, GroupIds: app.DataAccess.find((entry) => entry.DataSourceId === id)?.GroupIds ?? [] })),
  };
}

export const STEP_FORMS: Record<CopilotSetupStepValue, StepForm> = {
  1: { Inputs: DataSourcesStep, values: (app) => ({ DataSourceIds: app.DataSourceIds }) },
  2: { Inputs: DataAccessStep, values: dataAccessValues },
  3: { Inputs: RagStep, values: (app) => ({ Rag: app.Rag }) },
  4: { Inputs: LanguageModelsStep, values: (app) => ({ LanguageModelIds: app.LanguageModelIds, DefaultLanguageModelId: app.DefaultLanguageModelId }) },
  5: { Inputs: PolicyRulesStep, values: (app) => ({ PolicyIds: app.PolicyIds }) },
  6: { Inputs: UsersAndGroupsStep, values: (app) => ({ UserIds: app.UserIds, GroupIds: app.GroupIds }) },
  7: { Inputs: PromptTypeStep, values: (app) => ({ PromptType: app.PromptType, PredefinedPrompts: app.PredefinedPrompts }) },
};
