import { POLICY_ACTION_LABELS, POLICY_ENTITY_TYPES, POLICY_RULE_KIND_LABELS, POLICY_RULE_KINDS, POLICY_TYPES } from '../../domain';
import type { PolicyRuleKind } from '../../domain';
import { ACTIONS_BY_KIND } from './policyText';

export const POLICY_TYPE_CHOICES = POLICY_TYPES.map((type) => ({ id: type, name: type }));
export const RULE_KIND_CHOICES = POLICY_RULE_KINDS.map((kind) => ({ id: kind, name: POLICY_RULE_KIND_LABELS[kind] }));
export const ENTITY_TYPE_CHOICES = POLICY_ENTITY_TYPES.map((type) => ({ id: type, name: type }));
export const actionChoicesFor = (kind: PolicyRuleKind | undefined) =>
  ACTIONS_BY_KIND[kind ?? 'entities'].map((action) => ({ id: action, name: POLICY_ACTION_LABELS[action] }));
export const ENABLED_CHOICES = [
  { id: true, name: 'Enabled' },
  { id: false, name: 'Disabled' },
];
