import { useCallback } from 'react';
import { useNotify, useRedirect, useResourceContext } from 'react-admin';
import type { RedirectionSideEffect } from 'react-admin';
import { errorMessage, fieldErrors } from '../../forms/serverErrors';

export interface SaveCallbacksOptions {
  /** Toast after the server agreed, e.g. "Customer created". */
  successMessage: string;
  /** Where to go afterwards (react-admin redirect); false stays on the page. */
  redirectTo?: RedirectionSideEffect;
  /** Runs after the toast, with the server's answer (e.g. to show a one-time link). */
  onSaved?: (data: unknown) => void;
}

/**
 * mutationOptions of a pessimistic <Create>/<Edit>: a success toast and redirect; on failure the server's own
 * message as the toast. When the answer carries field messages, react-admin puts them on the fields and shows
 * `root.serverError` as its "form is not valid" toast, so the server's message goes there instead of twice.
 */
export function useSaveCallbacks({ successMessage, redirectTo = 'list', onSaved }: SaveCallbacksOptions) {
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();

  const onSuccess = useCallback(
    (data: unknown) => {
      notify(successMessage, { type: 'success' });
      onSaved?.(data);
      if (redirectTo !== false) {
        const id = typeof data === 'object' && data !== null && 'id' in data ? (data.id as string) : undefined;
        redirect(redirectTo, resource, id, data as Record<string, unknown>);
      }
    },
    [notify, onSaved, redirect, redirectTo, resource, successMessage],
  );

  const onError = useCallback(
    (error: unknown) => {
      const fields = fieldErrors(error);
      const message = errorMessage(error);
      if (fields && Object.keys(fields).length > 0 && isHttpErrorWithBody(error)) {
        error.body.errors = { ...fields, root: { serverError: message } };
        return;
      }
      notify(message, { type: 'error' });
    },
    [notify],
  );

  return { onSuccess, onError };
}

function isHttpErrorWithBody(error: unknown): error is { body: { errors: unknown } } {
  return typeof error === 'object' && error !== null && 'body' in error && typeof error.body === 'object' && error.body !== null;
}
