// The policy engine: pure, synchronous, no database. The pipeline loads the applicable policies, calls
// `evaluate` with the conversation's vault, stores the vault it answers, and restores the model's reply
// with `restore` or, when streamed, `createStreamingRestorer`.
export { evaluate, evaluateInOrder, ruleName } from './evaluate';
export { decide, actionRank } from './precedence';
export { restore, createStreamingRestorer } from './restore';
export type { StreamingRestorer } from './restore';
export { PlaceholderVault, PLACEHOLDER_PATTERN } from './vault';
export { topicLabel } from './detectors';
export { policyApplies } from '../../../domain/schemas/policies';
export type {
  BlockDecision,
  Detectors,
  EnginePolicy,
  EvaluationContext,
  EvaluationResult,
  Finding,
  Match,
  PolicyEvaluation,
  Proposal,
  RuleEvaluation,
  RuleRef,
  Vault,
} from './types';
