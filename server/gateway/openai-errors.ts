import type { FastifyError, FastifyInstance } from 'fastify';
import { MAX_PROMPT_CHARS, MAX_PROMPT_TOTAL_CHARS } from '../../domain/schemas/chat';
import { HttpError } from '../http/errors';

export const TOO_LARGE_MESSAGE = `The request is too large: a message may hold at most ${MAX_PROMPT_CHARS.toLocaleString('en-US')} characters and all messages together ${MAX_PROMPT_TOTAL_CHARS.toLocaleString('en-US')}.`;

/** OpenAI's error body, so that the official SDKs raise their usual error classes. */
export interface OpenAiErrorBody {
  error: { message: string; type: string; code: string | null; param: string | null };
}

const TYPES: Record<number, { type: string; code: string | null }> = {
  400: { type: 'invalid_request_error', code: null },
  401: { type: 'invalid_request_error', code: 'invalid_api_key' },
  403: { type: 'permission_error', code: 'forbidden' },
  404: { type: 'invalid_request_error', code: 'model_not_found' },
  413: { type: 'invalid_request_error', code: 'request_too_large' },
  429: { type: 'rate_limit_error', code: 'rate_limit_exceeded' },
  502: { type: 'api_error', code: 'upstream_error' },
};

export function openAiError(status: number, message: string, code?: string, param?: string): OpenAiErrorBody {
  const known = TYPES[status] ?? { type: 'api_error', code: null };
  return { error: { message, type: known.type, code: code ?? known.code, param: param ?? null } };
}

/** Inside the gateway plugin only: every error in OpenAI's shape instead of the console's `{ message }`. */
export function registerOpenAiErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.status(error.statusCode).send(openAiError(error.statusCode, error.message));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send(openAiError(413, TOO_LARGE_MESSAGE));
    if (status >= 400 && status < 500) return reply.status(status).send(openAiError(status, status === 400 ? 'The request body is not valid JSON.' : error.message));
    request.log.error({ err: error }, 'gateway error');
    return reply.status(500).send(openAiError(500, 'Something went wrong on our side. Please try again.'));
  });
}
