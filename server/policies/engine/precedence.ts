import type { PolicyType } from '../../../domain/enums';
import { POLICY_ACTION_STRICTNESS, POLICY_SCOPE_ORDER } from '../../../domain/schemas/policies';
import type { PolicyAction } from '../../../domain/schemas/policies';
import type { Proposal, RuleRef } from './types';

export interface Decision {
  action: PolicyAction;
  decidedBy: Proposal;
  reason: string;
}

/** Strictness of every action, block first: the order overlapping findings are kept in. */
export const actionRank = (action: PolicyAction): number => (action === 'block' ? 0 : 1 + POLICY_ACTION_STRICTNESS.indexOf(action));
const scopeRank = (type: PolicyType): number => POLICY_SCOPE_ORDER.indexOf(type);

/**
 * The decision for one finding, from the proposals of every rule that found it (given in evaluation order):
 * (1) any block wins; (2) else the most specific scope with a proposal decides; (3) within it the strictest action.
 */
export function decide(proposals: readonly Proposal[]): Decision {
  const block = proposals.find((p) => p.action === 'block');
  if (block) {
    return { action: 'block', decidedBy: block, reason: `Blocked by ${describe(block)}: a block from any applicable policy always wins.` };
  }
  const scope = Math.min(...proposals.map((p) => scopeRank(p.policyType)));
  const inScope = proposals.filter((p) => scopeRank(p.policyType) === scope);
  const strictest = Math.min(...inScope.map((p) => actionRank(p.action)));
  const decidedBy = inScope.find((p) => actionRank(p.action) === strictest)!;
  return { action: decidedBy.action, decidedBy, reason: explain(decidedBy, inScope, proposals.filter((p) => !inScope.includes(p))) };
}

function explain(decidedBy: Proposal, inScope: readonly Proposal[], overridden: readonly Proposal[]): string {
  if (inScope.length === 1 && overridden.length === 0) return `${capitalize(describe(decidedBy))} proposes ${decidedBy.action}.`;
  const parts = [`${decidedBy.policyType} "${decidedBy.policyName}" is the most specific scope with a matching rule`];
  const actions = [...new Set(inScope.map((p) => p.action))];
  if (actions.length > 1) parts.push(`the strictest of its actions (${actions.join(', ')}) is ${decidedBy.action}`);
  else parts.push(`its action is ${decidedBy.action}`);
  if (overridden.length) {
    parts.push(`it takes precedence over ${overridden.map((p) => `${p.action} from ${p.policyType} "${p.policyName}"`).join(', ')}`);
  }
  return `${parts.join('; ')}.`;
}

export const describe = (ref: RuleRef): string => `rule "${ref.ruleName}" of the ${ref.policyType} "${ref.policyName}"`;
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
