import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { VerifierInputSchema, VerifierSchema } from '../../domain/schemas/verifiers';
import { registerCrudRoutes } from '../http/crud-routes';
import { VERIFIER_SORT } from './verifiers.repository';
import type { VerifierSortField } from './verifiers.repository';
import type { VerifiersService } from './verifiers.service';
import { VERIFIER_MANAGERS } from './verifiers.service';

export const verifiersRoutes: FastifyPluginAsyncZod<{ verifiers: VerifiersService }> = async (app, { verifiers }) => {
  registerCrudRoutes(app, {
    path: '/api/v1/verifiers',
    resource: 'verifiers',
    tags: ['verifiers'],
    roles: { read: VERIFIER_MANAGERS, write: VERIFIER_MANAGERS },
    schemas: { view: VerifierSchema, create: VerifierInputSchema, update: VerifierInputSchema },
    summaries: {
      list: "List the organization's verification sources (filter q, id, Enabled, Action)",
      get: 'One verification source',
      create:
        'Add a verification source: metric types, intensity, API version, threshold (0-100, pass at or above; see THRESHOLD_RULE_TEXT), action on failure; an Endpoint calls an external service (its API key stored encrypted), none runs the built-in checks',
      update: 'Change a verification source (an empty ApiKey keeps the stored one; ClearApiKey removes it)',
      delete: 'Remove a verification source',
    },
    sort: { fields: Object.keys(VERIFIER_SORT) as VerifierSortField[], default: ['Name', 'asc'] },
    list: (actor, params) => verifiers.list(actor, params),
    get: (actor, id) => verifiers.get(actor, id),
    create: (actor, body) => verifiers.create(actor, body),
    update: (actor, id, body) => verifiers.update(actor, id, body),
    delete: (actor, id) => verifiers.delete(actor, id),
  });
};
