import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { newId } from '../db/ids';
import { VERIFIER_DEFAULT_THRESHOLD } from '../../domain/schemas/verifiers';

export const DEMO_VERIFIER_NAME = 'Built-in checks';

/** A verifier on the built-in checks (no external service), so the demo verifies answers out of the box. */
export async function seedDemoVerifier(db: Kysely<Database>, organizationId: string, at: number): Promise<void> {
  await db
    .insertInto('verifiers')
    .values({
      id: newId(),
      organization_id: organizationId,
      name: DEMO_VERIFIER_NAME,
      metric_types_json: JSON.stringify(['hallucination', 'toxicity', 'bias', 'relevancy']),
      intensity: 'Medium',
      api_version: 'v1',
      action: 'warn_user',
      threshold: VERIFIER_DEFAULT_THRESHOLD,
      endpoint: null,
      api_key_enc: null,
      enabled: 1,
      created_at: at,
      updated_at: at,
    })
    .execute();
}
