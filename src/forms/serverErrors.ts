import { ApiErrorSchema } from '../../domain';

/** The server's message of a failed call (HttpError.message carries the body's `message`). */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/** The field messages of a 400 answer, as react-admin forms take them from onSubmit. */
export function fieldErrors(error: unknown): Record<string, string> | undefined {
  if (typeof error !== 'object' || error === null || !('body' in error)) return undefined;
  const body = ApiErrorSchema.safeParse(error.body);
  return body.success ? body.data.errors : undefined;
}
