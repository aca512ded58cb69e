import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import packageJson from '../package.json';
import { DEFAULT_APP_VERSION } from '../domain/constants';
import { authRoutes } from './auth/auth.routes';
import { AuthService } from './auth/auth.service';
import { meRoutes } from './auth/me.routes';
import { SessionsRepository } from './auth/sessions.repository';
import type { Config } from './config';
import type { Db } from './db/connection';
import { configuredIdpsRoutes } from './directory/idps.routes';
import { registerPrincipalResolver } from './http/auth-guards';
import { registerCsrfGuard } from './http/csrf';
import { registerApiDocs } from './http/docs';
import { registerErrorHandler } from './http/error-handler';
import { loggerOptions } from './http/logger';
import { registerSecurityHeaders } from './http/security-headers';
import { registerSpa } from './http/spa';
import { metaRoutes } from './settings/meta.routes';
import { MetaService } from './settings/meta.service';
import { SettingsRepository } from './settings/settings.repository';

const SESSION_SWEEP_EVERY_MS = 60 * 60_000;

export interface AppServices {
  auth: AuthService;
  meta: MetaService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
    db: Db;
  }
}

export interface BuildOptions {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
}

/** The whole console as one Fastify instance: plugins first, then the API modules, then the SPA. */
export async function buildApp({ config, db, logger }: BuildOptions): Promise<FastifyInstance> {
  const version = packageJson.version ?? DEFAULT_APP_VERSION;
  const app = Fastify({
    logger: logger ?? loggerOptions(config.LOG_LEVEL),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const sessionTtlMs = config.SESSION_TTL_HOURS * 3600_000;
  const auth = new AuthService(db.kysely, {
    sessionTtlMs,
    deliverLink: ({ email, url, purpose }) =>
      app.log.info({ email, purpose }, `No mail server is configured; the password link for ${email} is ${url}`),
  });
  const meta = new MetaService(new SettingsRepository(db.kysely), version);
  app.decorate('services', { auth, meta });
  app.decorate('db', db);

  await app.register(cookie);
  await registerApiDocs(app, version);
  registerErrorHandler(app);
  registerSecurityHeaders(app);
  registerCsrfGuard(app);
  registerPrincipalResolver(app, auth);

  await app.register(authRoutes, { auth, sessionTtlMs, publicUrl: config.PUBLIC_URL });
  await app.register(meRoutes, { auth });
  await app.register(metaRoutes, { meta });
  await app.register(configuredIdpsRoutes);

  await registerSpa(app, config.staticDir);

  const sweep = setInterval(() => {
    void new SessionsRepository(db.kysely).deleteExpired(Date.now()).catch((error: unknown) => app.log.warn({ err: error }, 'session sweep failed'));
  }, SESSION_SWEEP_EVERY_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  return app;
}
