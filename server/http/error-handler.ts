import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { FieldErrors } from './errors';
import { HttpError } from './errors';
import { uniqueViolation } from './unique-violation';

/** The error contract: `{ message, errors? }`; 5xx bodies carry only a request id, never a stack or SQL. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.status(error.statusCode).send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldErrors = {};
      for (const issue of error.validation) {
        const field = fieldName(issue.instancePath) ?? issuePath(issue.params) ?? 'body';
        errors[field] ??= issue.message ?? 'is not valid';
      }
      return reply.status(400).send({ message: 'Some fields are not valid.', errors });
    }
    const taken = uniqueViolation(error);
    if (taken) return reply.status(409).send({ message: taken.message, errors: taken.errors });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: clientMessage(error, status) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.', requestId: request.id });
  });
}

function fieldName(path: string | undefined): string | undefined {
  const parts = (path ?? '').split('/').filter(Boolean);
  return parts.length ? parts.join('.') : undefined;
}

function issuePath(params: Record<string, unknown>): string | undefined {
  const issue = params.issue as { path?: PropertyKey[] } | undefined;
  return fieldName(issue?.path?.map(String).join('/'));
}

function clientMessage(error: FastifyError, status: number): string {
  if (status === 413) return 'The request is too large.';
  if (status === 415) return 'Send the request body as JSON.';
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) return 'The request body is not valid JSON.';
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'The request body is empty.';
  return error.message;
}
