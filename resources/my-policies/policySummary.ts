import type { Policy, PolicyAction } from '../../domain';

const VERBS: Record<PolicyAction, string> = { block: 'blocks', redact: 'redacts', anonymize: 'anonymizes', flag: 'flags', allow: 'allows' };

/** "Blocks, redacts and anonymizes (3 rules)": the actions of the enabled rules, strictest first. */
export function policySummary(policy: Pick<Policy, 'Rules'>): string {
  const enabled = policy.Rules.filter((rule) => rule.Enabled);
  if (enabled.length === 0) return 'No active rules';
  const actions = (Object.keys(VERBS) as PolicyAction[]).filter((action) => enabled.some((rule) => rule.Action === action)).map((action) => VERBS[action]);
  const words = actions.length > 1 ? `${actions.slice(0, -1).join(', ')} and ${actions.at(-1)}` : actions[0]!;
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} (${enabled.length} ${enabled.length === 1 ? 'rule' : 'rules'})`;
}
