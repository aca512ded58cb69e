import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Role } from '../../domain/enums';
import { SystemSettingsInputSchema, SystemSettingsSchema } from '../../domain/schemas/settings';
import { requireRole } from '../http/auth-guards';
import { errorResponses } from '../http/rest';
import type { SettingsService } from './settings.service';

const ONLY = [Role.ORG_ADMIN];
const tags = ['settings'];

export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (app, { settings }) => {
  // The organization's settings are a single record; react-admin addresses it as /settings/current.
  for (const url of ['/api/v1/settings', '/api/v1/settings/current']) {
    app.get(
      url,
      { config: { roles: ONLY }, schema: { tags, summary: "The organization's System Settings (ORG_ADMIN)", response: { 200: SystemSettingsSchema, ...errorResponses } } },
      async (request) => settings.get(requireRole(request, ONLY)),
    );
    app.put(
      url,
      { config: { roles: ONLY },
        schema: {
          tags,
          summary: 'Save System Settings: title, icon, logo, favicon, theme colour, default home route, feature flags, and the gateway rate limits of the members (RequestsPerMinute, TokensPerMinute; null: the deployment default)',
          body: SystemSettingsInputSchema,
          response: { 200: SystemSettingsSchema, ...errorResponses },
        },
      },
      async (request) => settings.update(requireRole(request, ONLY), request.body),
    );
  }
};
