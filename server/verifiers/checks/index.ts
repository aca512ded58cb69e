import type { VerificationMetric } from '../../../domain/schemas/verifiers';
import { checkBias } from './bias';
import { checkAccuracy, checkFactuality, checkHallucination, checkResponseAccuracy } from './grounding';
import { checkRelevancy } from './relevancy';
import { checkToxicity } from './toxicity';
import type { CheckInput, CheckResult } from './types';

export type { CheckInput, CheckResult } from './types';

/** The built-in check of each metric: pure, deterministic and fast (no model, no network). */
export const BUILT_IN_CHECKS: Record<VerificationMetric, (input: CheckInput) => CheckResult> = {
  hallucination: checkHallucination,
  toxicity: checkToxicity,
  bias: checkBias,
  factuality: checkFactuality,
  relevancy: checkRelevancy,
  accuracy: checkAccuracy,
  response_accuracy: checkResponseAccuracy,
};
