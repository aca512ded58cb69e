import { PERSONAL_DATA_ENTITY_TYPES } from '../../../domain';
import type { PolicyRuleInput } from '../../../domain';

/** A new rule starts as "anonymize personal data", the commonest rule; the admin changes the detector from there. */
export function newRule(): PolicyRuleInput {
  return { Name: '', Enabled: true, Kind: 'entities', Action: 'anonymize', EntityTypes: [...PERSONAL_DATA_ENTITY_TYPES] };
}
