import cookie from '@fastify/cookie';
import Fastify, { LogController } from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import packageJson from '../package.json';
import { DEFAULT_APP_VERSION } from '../domain/constants';
import { authRoutes } from './auth/auth.routes';
import { AuthService } from './auth/auth.service';
import { KnownDevices } from './auth/known-device';
import { meRoutes } from './auth/me.routes';
import { SessionsRepository } from './auth/sessions.repository';
import type { Config } from './config';
import type { Db } from './db/connection';
import { idpsRoutes } from './directory/idps.routes';
import { IdpsService } from './directory/idps.service';
import { OidcLoginService } from './directory/oidc-login.service';
import { oidcRoutes } from './directory/oidc.routes';
import { registerPrincipalResolver } from './http/auth-guards';
import { registerCsrfGuard } from './http/csrf';
import { requestValidatorCompiler } from './http/body-validation';
import { publicOriginOf } from './http/base-url';
import { registerApiDocs } from './http/docs';
import { registerErrorHandler } from './http/error-handler';
import { loggerOptions, logRequests } from './http/logger';
import { OutboundClient } from './outbound';
import type { Resolver } from './outbound';
import { registerSecurityHeaders } from './http/security-headers';
import { registerSpa } from './http/spa';
import { loadSecretBox } from './security/secret-box';
import type { SecretBox } from './security/secret-box';
import { auditRoutes } from './audit/audit.routes';
import { groupsRoutes } from './directory/groups.routes';
import { GroupsService } from './directory/groups.service';
import { usersRoutes } from './directory/users.routes';
import { UsersService } from './directory/users.service';
import { helpRoutes } from './help/help.routes';
import { languageModelsRoutes } from './models/language-models.routes';
import { LanguageModelsService } from './models/language-models.service';
import { HelpService } from './help/help.service';
import { JobRunner } from './jobs/job-runner';
import { countRequestsServed, ForegroundGate } from './jobs/foreground';
import type { JobHost } from './jobs/job-host';
import { startJobHost } from './jobs/job-host';
import { jobsRoutes } from './jobs/jobs.routes';
import { settingsRoutes } from './settings/settings.routes';
import { SettingsService } from './settings/settings.service';
import { customersRoutes } from './tenancy/customers.routes';
import { CustomersService } from './tenancy/customers.service';
import { finishOrganizationSync, organizationSyncHandler } from './tenancy/organization-sync.job';
import { dataSourcesRoutes } from './data-sources/data-sources.routes';
import { DataSourcesService } from './data-sources/data-sources.service';
import { documentsRoutes } from './data-sources/documents.routes';
import { documentBatchesRoutes } from './data-sources/document-batches.routes';
import { DocumentBatchesService } from './data-sources/document-batches.service';
import { registerBatchJob } from './data-sources/document-batch.job';
import { DocumentsService } from './data-sources/documents.service';
import { DATA_SOURCE_LANE, registerDataSourceJobs, syncOrganizationSources } from './data-sources/source-sync';
import type { VectorStoreFactory } from './data-sources/vector-stores/stores';
import { vectorStoresFrom } from './data-sources/vector-stores/stores';
import { languageModelEmbedders } from './data-sources/embeddings/source-embedder';
import type { EmbedderFactory } from './data-sources/embeddings/source-embedder';
import { scheduleSourceSyncs } from './data-sources/sync-schedule';
import { CDR_SYNC_JOB, OrganizationsService } from './tenancy/organizations.service';
import { organizationsRoutes } from './tenancy/organizations.routes';
import { tokensRoutes } from './tokens/tokens.routes';
import { TokensService } from './tokens/tokens.service';
import { metaRoutes } from './settings/meta.routes';
import { MetaService } from './settings/meta.service';
import { SettingsRepository } from './settings/settings.repository';
import { policiesRoutes } from './policies/policies.routes';
import { PoliciesService } from './policies/policies.service';
import { PolicyTestService } from './policies/policy-test.service';
import { verifiersRoutes } from './verifiers/verifiers.routes';
import { VerifiersService } from './verifiers/verifiers.service';
import { appsRoutes } from './apps/apps.routes';
import { AppsService } from './apps/apps.service';
import { openAiGatewayRoutes } from './gateway/openai.routes';
import { chatRoutes } from './chat/chat.routes';
import { chatStreamRoutes } from './chat/chat-stream.routes';
import { promptsRoutes } from './chat/prompts.routes';
import { DEFAULT_INSTANCE_OPTIONS, ServerInstance } from './pipeline/server-instance';
import { scheduleAggregation } from './metrics/rollup-writer';
import { metricsRoutes } from './metrics/metrics.routes';
import { observabilityRoutes } from './metrics/observability.routes';
import { copyrightRoutes } from './copyright/copyright.routes';
import { CopyrightService } from './copyright/copyright.service';
import { createResearchNetwork } from './research/network';
import type { ResearchNetwork } from './research/network';
import { finishResearchJob, RESEARCH_JOB, researchJobHandler } from './research/research-job';
import type { ResearchOptions } from './research/research-job';
import { guidelinesRoutes, voraPRoutes, voraRoutes } from './research/research.routes';
import { finishRedTeamJob, RED_TEAM_JOB, redTeamJobHandler } from './red-teaming/engine';
import { redTeamRoutes } from './red-teaming/red-team.routes';
import { RedTeamService } from './red-teaming/red-team.service';

const SESSION_SWEEP_EVERY_MS = 60 * 60_000;
/** Finished prompts are counted into the rollups this often, off the request path (a metrics query counts the rest). */
const ROLLUP_AGGREGATION_EVERY_MS = 1000;

export interface AppServices {
  auth: AuthService;
  meta: MetaService;
  secrets: SecretBox;
  /** The one client for calls that leave the console. */
  outbound: OutboundClient;
  idps: IdpsService;
  oidc: OidcLoginService;
  tokens: TokensService;
  jobs: JobRunner;
  languageModels: LanguageModelsService;
  policies: PoliciesService;
  verifiers: VerifiersService;
  apps: AppsService;
  copyright: CopyrightService;
  /** Each data source's embedder (its chosen language model), for hybrid retrieval. */
  embedders: EmbedderFactory;
  vectorStores: VectorStoreFactory;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
    db: Db;
    /** This process among the servers sharing the database (recovery of prompts after a restart). */
    serverInstance: ServerInstance;
    /** The thread running this server's jobs, with JOBS_THREAD once the server is ready. */
    jobHost: JobHost | undefined;
  }
}

export interface BuildOptions {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** Name resolution for outbound calls; the system resolver unless given (tests give a stub). */
  outboundResolver?: Resolver;
  /** Company research's scan ports and time bounds (tests give their fixtures'). */
  research?: ResearchOptions;
  /**
   * Whether this instance folds the metrics facts into rollups in the background (default true). The job host thread
   * leaves it to its server: two aggregators on one SQLite file only take turns at the write lock.
   */
  aggregateRollups?: boolean;
}

/** The whole console as one Fastify instance: plugins first, then the API modules, then the SPA. */
export async function buildApp({ config, db, logger, outboundResolver, research, aggregateRollups = true }: BuildOptions): Promise<FastifyInstance> {
  const version = packageJson.version ?? DEFAULT_APP_VERSION;
  const app = Fastify({
    logger: logger ?? loggerOptions(config.LOG_LEVEL, { human: process.stdout.isTTY === true }),
    // Fastify's two lines per request at info are replaced by logRequests' one line at debug.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  });
  logRequests(app);
  app.setValidatorCompiler(requestValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const sessionTtlMs = config.SESSION_TTL_HOURS * 3600_000;
  const secrets = loadSecretBox(config.SECRETS_KEY, config.dataDir);
  const auth = new AuthService(db.kysely, {
    sessionTtlMs,
    knownDevices: new KnownDevices(secrets),
    deliverLink: ({ email, url, purpose }) =>
      app.log.info({ email, purpose }, `No mail server is configured; the password link for ${email} is ${url}`),
  });
  const meta = new MetaService(new SettingsRepository(db.kysely), version);
  const outbound = new OutboundClient({ allowHosts: config.OUTBOUND_ALLOW_HOSTS, ...(outboundResolver ? { resolver: outboundResolver } : {}) });
  const idps = new IdpsService(db.kysely, secrets, outbound);
  const oidc = new OidcLoginService(db.kysely, secrets, auth, outbound);
  const tokens = new TokensService(db.kysely, config.GATEWAY_RATE_LIMIT_RPM);
  const foreground = new ForegroundGate();
  const jobs = new JobRunner(db.kysely, app.log, { concurrency: config.JOBS_CONCURRENCY, perTypeLimit: config.JOBS_PER_TYPE, foreground });
  const languageModels = new LanguageModelsService(db.kysely, secrets, outbound);
  const embedders = languageModelEmbedders(secrets, outbound);
  const vectorStores = vectorStoresFrom(secrets, outbound);
  jobs.register(CDR_SYNC_JOB, organizationSyncHandler(syncOrganizationSources(db.kysely, { outbound, embedders, stores: vectorStores })), finishOrganizationSync, DATA_SOURCE_LANE);
  registerDataSourceJobs(jobs, { outbound, embedders, stores: vectorStores });
  registerBatchJob(jobs, embedders, vectorStores);
  // Research's own resolver and guarded client (RESEARCH_DNS_SERVERS, RESEARCH_EXTRA_CA_FILE), made on first use.
  let researchNetwork: ResearchNetwork | undefined;
  const researchNet = () => (researchNetwork ??= createResearchNetwork(config));
  jobs.register(RESEARCH_JOB, researchJobHandler(app, researchNet, research ?? {}), finishResearchJob);
  jobs.register(RED_TEAM_JOB, redTeamJobHandler(app), finishRedTeamJob);
  const policies = new PoliciesService(db.kysely);
  const verifiers = new VerifiersService(db.kysely, secrets, outbound);
  const apps = new AppsService(db.kysely);
  const copyright = new CopyrightService(db.kysely, jobs, version, secrets, outbound);
  copyright.registerJobs();
  app.decorate('services', { auth, meta, secrets, outbound, idps, oidc, tokens, jobs, languageModels, policies, verifiers, apps, copyright, embedders, vectorStores });
  app.decorate('db', db);
  countRequestsServed(app, foreground);
  const serverInstance = new ServerInstance(db.kysely, {
    ...DEFAULT_INSTANCE_OPTIONS,
    onRecovered: (count) => app.log.warn({ count }, 'prompts interrupted by a server restart marked failed'),
    onError: (error) => app.log.warn({ err: error }, 'server heartbeat failed'),
  });
  app.decorate('serverInstance', serverInstance);

  await app.register(cookie);
  await registerApiDocs(app, version);
  registerErrorHandler(app);
  registerSecurityHeaders(app);
  registerCsrfGuard(app);
  registerPrincipalResolver(app, auth, tokens);

  const publicUrl = publicOriginOf(config);
  await app.register(authRoutes, { auth, sessionTtlMs, publicUrl });
  await app.register(meRoutes, { auth });
  await app.register(metaRoutes, { meta });
  await app.register(idpsRoutes, { idps, publicUrl });
  await app.register(oidcRoutes, { oidc, auth, sessionTtlMs, publicUrl });

  await app.register(customersRoutes, { customers: new CustomersService(db.kysely, auth), publicUrl });
  await app.register(organizationsRoutes, { organizations: new OrganizationsService(db.kysely, auth, jobs), publicUrl });
  await app.register(usersRoutes, { users: new UsersService(db.kysely, auth), publicUrl });
  await app.register(groupsRoutes, { groups: new GroupsService(db.kysely) });
  await app.register(tokensRoutes, { tokens });
  await app.register(settingsRoutes, { settings: new SettingsService(db.kysely, version, config.GATEWAY_RATE_LIMIT_RPM) });
  await app.register(helpRoutes, { help: new HelpService(db.kysely) });
  await app.register(languageModelsRoutes, { languageModels });
  await app.register(auditRoutes, { db: db.kysely });
  await app.register(jobsRoutes, { db: db.kysely });
  await app.register(dataSourcesRoutes, { dataSources: new DataSourcesService(db.kysely, secrets, jobs, outbound, embedders, vectorStores) });
  await app.register(documentsRoutes, { documents: new DocumentsService(db.kysely, jobs) });
  await app.register(documentBatchesRoutes, { batches: new DocumentBatchesService(db.kysely, jobs) });
  await app.register(policiesRoutes, { policies, policyTests: new PolicyTestService(db.kysely, policies) });
  await app.register(verifiersRoutes, { verifiers });
  await app.register(appsRoutes, { apps });
  await app.register(copyrightRoutes, { copyright });
  await app.register(openAiGatewayRoutes, { defaultRpm: config.GATEWAY_RATE_LIMIT_RPM });
  await app.register(metricsRoutes);
  await app.register(observabilityRoutes);
  await app.register(chatRoutes);
  await app.register(chatStreamRoutes);
  await app.register(promptsRoutes);
  await app.register(voraRoutes);
  await app.register(voraPRoutes);
  await app.register(guidelinesRoutes);
  await app.register(redTeamRoutes, { redTeam: new RedTeamService(app) });
  app.addHook('onReady', async () => {
    await serverInstance.start();
  });
  app.addHook('onClose', async () => serverInstance.stop());
  if (aggregateRollups) {
    const stopAggregation = scheduleAggregation(db.kysely, ROLLUP_AGGREGATION_EVERY_MS, (error) => app.log.warn({ err: error }, 'rollup aggregation failed'));
    app.addHook('onClose', async () => stopAggregation());
  }

  await registerSpa(app, config.staticDir);

  let host: JobHost | undefined;
  app.decorate('jobHost', { getter: () => host });
  if (config.JOBS !== false && config.JOBS_THREAD) {
    // This server enqueues; its job host thread runs them (and the scheduled syncs).
    // Not awaited: the server answers while the thread loads; queued jobs wait for it in the table.
    jobs.handOver(() => host?.wake());
    app.addHook('onReady', async () => {
      host = startJobHost({ config, ...(db.dialect === 'postgres' ? { schema: db.schema } : {}), ...(research ? { research } : {}) }, app.log);
    });
    app.addHook('onClose', async () => host?.stop());
  } else if (config.JOBS !== false) {
    app.addHook('onReady', async () => jobs.start());
    const stopSchedule = scheduleSourceSyncs(db.kysely, jobs, (error) => app.log.warn({ err: error }, 'scheduled data source syncs failed'));
    app.addHook('onClose', async () => stopSchedule());
    app.addHook('onClose', async () => jobs.stop());
  }

  const sweep = setInterval(() => {
    void new SessionsRepository(db.kysely).deleteExpired(Date.now()).catch((error: unknown) => app.log.warn({ err: error }, 'session sweep failed'));
  }, SESSION_SWEEP_EVERY_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  app.addHook('onClose', async () => outbound.close());
  app.addHook('onClose', async () => researchNetwork?.close());
  return app;
}
