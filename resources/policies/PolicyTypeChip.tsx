import type { PolicyType } from '../../domain';
import { StatusChip } from '../../src/ui/status/StatusChip';
import { POLICY_TYPE_TONES } from './policyText';

export function PolicyTypeChip({ type }: { type: PolicyType }) {
  return <StatusChip label={type} tone={POLICY_TYPE_TONES[type]} />;
}
