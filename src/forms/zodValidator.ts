import type { z } from 'zod';

/** A react-admin <Form validate> function from a domain schema: one message per field, keyed by its path. */
export function zodValidator(schema: z.ZodType) {
  return (values: object): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.map(String).join('.');
      errors[field] ??= issue.message;
    }
    return errors;
  };
}
