import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../http/errors';

/** OpenAI's error body, so that the official SDKs raise their usual error classes. */
export interface OpenAiErrorBody {
  error: { message: string; type: string; code: string | null; param: null };
}

const TYPES: Record<number, { type: string; code: string | null }> = {
  400: { type: 'invalid_request_error', code: null },
  401: { type: 'invalid_request_error', code: 'invalid_api_key' },
  403: { type: 'permission_error', code: 'forbidden' },
  404: { type: 'invalid_request_error', code: 'model_not_found' },
  429: { type: 'rate_limit_error', code: 'rate_limit_exceeded' },
  502: { type: 'api_error', code: 'upstream_error' },
};

export function openAiError(status: number, message: string, code?: string): OpenAiErrorBody {
  const known = TYPES[status] ?? { type: 'api_error', code: null };
  return { error: { message, type: known.type, code: code ?? known.code, param: null } };
}

/** Inside the gateway plugin only: every error in OpenAI's shape instead of the console's `{ message }`. */
export function registerOpenAiErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.status(error.statusCode).send(openAiError(error.statusCode, error.message));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(status).send(openAiError(status, status === 400 ? 'The request body is not valid JSON.' : error.message));
    request.log.error({ err: error }, 'gateway error');
    return reply.status(500).send(openAiError(500, 'Something went wrong on our side. Please try again.'));
  });
}
