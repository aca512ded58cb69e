import type { Kysely } from 'kysely';
import { PERSONAL_DATA_ENTITY_TYPES } from '../../domain/schemas/policies';
import type { PolicyRule } from '../../domain/schemas/policies';
import type { Database } from '../db/schema';
import { newId } from '../db/ids';

export const DEFAULT_POLICY_NAME = 'Default protection';

/** The default Global policy every organization starts with (created with it, seeded demo included). */
export function defaultProtectionRules(): PolicyRule[] {
  return [
    { id: newId(), Name: 'Block prompt injection', Enabled: true, Action: 'block', Kind: 'prompt_injection', Threshold: null },
    { id: newId(), Name: 'Redact secrets', Enabled: true, Action: 'redact', Kind: 'secrets' },
    { id: newId(), Name: 'Anonymize personal data', Enabled: true, Action: 'anonymize', Kind: 'entities', EntityTypes: [...PERSONAL_DATA_ENTITY_TYPES] },
    // Off by default: whether plain harmful questions are the organization's to block is its own decision.
    { id: newId(), Name: 'Block harmful requests', Enabled: false, Action: 'block', Kind: 'harmful_request', Threshold: null },
  ];
}

/** Inserts the default protection policy of a new organization; call it in the transaction that creates the organization. */
export async function seedDefaultPolicy(db: Kysely<Database>, organizationId: string, at: number): Promise<void> {
  await db
    .insertInto('policies')
    .values({
      id: newId(),
      organization_id: organizationId,
      name: DEFAULT_POLICY_NAME,
      description: 'Anonymizes personal data, blocks prompt injection and redacts secrets in every prompt of the organization.',
      type: 'Global Policy',
      enabled: 1,
      priority: 100,
      all_targets: 1,
      rules_json: JSON.stringify(defaultProtectionRules()),
      created_at: at,
      updated_at: at,
    })
    .execute();
}
