import { IdentityProviderInputSchema } from '../../domain';
import type { IdentityProviderInput } from '../../domain';

const INPUT_FIELDS = Object.keys(IdentityProviderInputSchema.shape) as (keyof IdentityProviderInput)[];

/** The POST/PUT body: only the input fields (read-only ones such as CallbackUrl stay behind). */
export function toIdpPayload(values: Record<string, unknown>): IdentityProviderInput {
  return Object.fromEntries(INPUT_FIELDS.filter((field) => field in values).map((field) => [field, values[field]])) as IdentityProviderInput;
}
