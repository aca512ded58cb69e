import { COPILOT_STEP_COUNT } from '../../../domain';
import type { App, CopilotSetupStepValue } from '../../../domain';

export const COPILOTS_PATH = '/admin/apps';
export const copilotPath = (id: string) => `${COPILOTS_PATH}/${encodeURIComponent(id)}`;
export const copilotStepPath = (id: string, step: number) => `${copilotPath(id)}/${step}`;

/** The step to resume at: the first one not yet saved and valid (7 at most). */
export function firstIncompleteStep(app: Pick<App, 'CompletedStep'>): CopilotSetupStepValue {
  return Math.min(Math.max(app.CompletedStep + 1, 1), COPILOT_STEP_COUNT) as CopilotSetupStepValue;
}

/** A step number from the URL, or null when it is not 1..7. */
export function parseStep(value: string | undefined): CopilotSetupStepValue | null {
  if (!value || !/^[1-7]$/.test(value)) return null;
  return Number(value) as CopilotSetupStepValue;
}

export const isSetUp = (app: Pick<App, 'CompletedStep'>) => app.CompletedStep >= COPILOT_STEP_COUNT;
