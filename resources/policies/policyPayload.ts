import { PolicyInputSchema } from '../../domain';

/**
 * What is sent on save: the validated input, so a rule keeps only its detector's fields and the targets only
 * those of the policy's type. (The form validated it already; an unexpected shape goes as it is for the server to refuse.)
 */
export function toPolicyPayload(values: Record<string, unknown>): Record<string, unknown> {
  const parsed = PolicyInputSchema.safeParse(values);
  return parsed.success ? parsed.data : values;
}
