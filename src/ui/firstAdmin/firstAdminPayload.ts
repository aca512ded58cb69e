import type { z } from 'zod';
import { zodValidator } from '../../forms/zodValidator';

/** Form-only switch: also create the first administrator (who gets a one-time set-up link by email). */
export const ADD_ADMIN_FIELD = 'AddAdmin';

/** The body to send: the Admin object only when the switch is on, else null; the switch itself dropped. */
export function withOptionalAdmin(values: Record<string, unknown>): Record<string, unknown> {
  const { [ADD_ADMIN_FIELD]: addAdmin, Admin, ...rest } = values;
  return { ...rest, Admin: addAdmin ? Admin : null };
}

/** Validates what will be sent, so the admin fields are checked only when they will be sent. */
export function firstAdminFormValidator(schema: z.ZodType) {
  const validate = zodValidator(schema);
  return (values: object) => validate(withOptionalAdmin(values as Record<string, unknown>));
}
