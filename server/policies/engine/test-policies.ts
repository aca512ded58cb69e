// Builders for engine tests: small policies with deterministic rules.
import type { PolicyType } from '../../../domain/enums';
import type { PolicyAction, PolicyEntityType, PolicyRule } from '../../../domain/schemas/policies';
import type { EnginePolicy } from './types';

let sequence = 0;

type WithoutBase<R> = R extends PolicyRule ? Omit<R, 'id' | 'Name' | 'Enabled'> & Partial<Pick<R, 'id' | 'Name' | 'Enabled'>> : never;
type RuleSpec = WithoutBase<PolicyRule>;

export function testPolicy(type: PolicyType, rules: RuleSpec[], options: { name?: string; priority?: number } = {}): EnginePolicy {
  sequence++;
  return {
    id: `policy-${sequence}`,
    Name: options.name ?? `${type} ${sequence}`,
    Type: type,
    Priority: options.priority ?? 100,
    Rules: rules.map((rule, index) => ({ id: `rule-${sequence}-${index + 1}`, Name: null, Enabled: true, ...rule }) as PolicyRule),
  };
}

export const keywords = (Action: PolicyAction, Keywords: string[], Topic: string | null = null): RuleSpec => ({ Kind: 'keywords', Action, Keywords, Topic });
export const entities = (Action: PolicyAction, EntityTypes: PolicyEntityType[]): RuleSpec => ({ Kind: 'entities', Action, EntityTypes });
export const regex = (Action: PolicyAction, Pattern: string, Label: string | null = null, IgnoreCase = false): RuleSpec => ({ Kind: 'regex', Action, Pattern, Label, IgnoreCase });
export const secrets = (Action: PolicyAction): RuleSpec => ({ Kind: 'secrets', Action });
export const promptInjection = (Action: PolicyAction, Threshold: number | null = null): RuleSpec => ({ Kind: 'prompt_injection', Action, Threshold });
export const harmfulRequest = (Action: PolicyAction, Threshold: number | null = null): RuleSpec => ({ Kind: 'harmful_request', Action, Threshold });
