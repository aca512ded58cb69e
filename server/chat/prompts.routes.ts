import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PromptDetailsSchema } from '../../domain/schemas/chat';
import { requireRole } from '../http/auth-guards';
import { errorResponses, IdParamsSchema } from '../http/rest';
import { PROMPT_READERS, PromptDetailsService } from './prompt-details.service';

export const promptsRoutes: FastifyPluginAsyncZod = async (app) => {
  const details = new PromptDetailsService(app.db.kysely);

  app.get(
    '/api/v1/prompts/:id',
    { config: { roles: PROMPT_READERS },
      schema: {
        tags: ['prompt lifecycle'],
        summary: "A prompt's lifecycle record (chat, copilot or gateway) with the prompt and answer: ORG_ADMIN any prompt of the organization with original values; USER only their own, as the model saw it",
        params: IdParamsSchema,
        response: { 200: PromptDetailsSchema, ...errorResponses },
      },
    },
    async (request) => details.get(requireRole(request, PROMPT_READERS), request.params.id),
  );
};
