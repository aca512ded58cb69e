import type { FieldError } from 'react-hook-form';

/**
 * The text of a field error in a custom react-admin input. Form-level validation (zodValidator) hands the
 * message over wrapped as `{ message }`, input-level validation as a plain string.
 */
export function fieldErrorText(error: FieldError | undefined): string | undefined {
  const message: unknown = error?.message;
  if (typeof message === 'string') return message || undefined;
  if (typeof message === 'object' && message !== null && 'message' in message && typeof message.message === 'string') return message.message;
  return undefined;
}
