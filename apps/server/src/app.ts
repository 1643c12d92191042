import Fastify, { type FastifyBaseLogger } from "fastify";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Redis } from "ioredis";
import type { Config } from "./config.js";
import type { Database } from "./db/client.js";
import { createAccessTokenSigner } from "./auth/access-token.js";
import { createLoginRateLimiter } from "./auth/login-rate-limit.js";
import { registerErrorHandling } from "./http/error-handler.js";
import { registerAuthentication } from "./http/authenticate.js";
import { registerNulGuard } from "./http/reject-nul-bytes.js";
import { RequestLogAtDebug } from "./http/request-log.js";
import { registerWebClient } from "./http/serve-web.js";
import { serializeRequest, withRedactedUrls } from "./http/redact-url.js";
import { createMailer } from "./mail/mailer.js";
import { createOutbound } from "./outbound/outbound.js";
import { registerMailJobs } from "./mail/register-mail-jobs.js";
import { createCodeRateLimiter } from "./accounts/code-rate-limit.js";
import { accountsRoutes } from "./accounts/routes.js";
import { chatsRoutes } from "./chats/routes.js";
import { dashboardRoutes } from "./dashboard/routes.js";
import { contactListsRoutes } from "./contact-lists/routes.js";
import { registerDelivery } from "./http/delivery.js";
import { clientErrorHandler, frameworkErrors } from "./http/error-shape.js";
import { createRealtime } from "./realtime/realtime.js";
import { authRoutes } from "./auth/routes.js";
import { settingsRoutes } from "./settings/routes.js";
import { sealLegacySettingSecretsUnscoped } from "./settings/seal-legacy-setting-secrets.js";
import { usersRoutes } from "./users/routes.js";
import { systemRoutes } from "./system/routes.js";
import { queuesRoutes } from "./queues/routes.js";
import { contactsRoutes } from "./contacts/routes.js";
import { tagsRoutes } from "./tags/routes.js";
import { quickMessagesRoutes } from "./quick-messages/routes.js";
import { companySchedulesRoutes } from "./companies/schedules-routes.js";
import { platformRoutes } from "./platform/routes.js";
import { createFileStorage } from "./storage/file-storage.js";
import { startJobs } from "./jobs/jobs.js";
import multipart from "@fastify/multipart";
import type { App } from "./http/types.js";
import type { AppDeps } from "./app-deps.js";
import { connectionsRoutes } from "./connections/routes.js";
import { simulatorRoutes } from "./whatsapp/simulator/routes.js";
import { createAppSessions } from "./whatsapp/sessions/create-app-sessions.js";
import { cloudApiRoutes } from "./whatsapp/cloudapi/routes.js";
import { canJoinTicket } from "./tickets/can-join-ticket.js";
import { createFlow } from "./tickets/flow/create-flow.js";
import type { FlowHooks } from "./tickets/flow/flow-hooks.js";
import { registerFlowJobs } from "./tickets/flow/register-flow-jobs.js";
import { registerMessageJobs } from "./messages/register-message-jobs.js";
import { registerBillingJobs } from "./billing/register-billing-jobs.js";
import { billingRoutes } from "./billing/routes.js";
import { createInboundHandler } from "./ingestion/create-inbound-handler.js";
import { messagesRoutes } from "./messages/routes.js";
import { ticketNotesRoutes } from "./ticket-notes/routes.js";
import { ticketRoomsOf } from "./tickets/ticket-rooms-of.js";
import { ticketsRoutes } from "./tickets/routes.js";
import { announcementsRoutes } from "./announcements/routes.js";
import { helpsRoutes } from "./helps/routes.js";
import { schedulesRoutes } from "./schedules/routes.js";
import { registerScheduleJobs } from "./schedules/register-schedule-jobs.js";
import { campaignsRoutes } from "./campaigns/routes.js";
import { registerCampaignJobs, withCampaignReplies } from "./campaigns/register-campaign-jobs.js";
import { createCompanyCache } from "./cache/company-cache.js";
import { filesRoutes } from "./files/routes.js";
import { kanbanRoutes } from "./kanban/routes.js";
import { registerOpenApi } from "./http/openapi.js";
import { publicApiRoutes } from "./public-api/routes.js";
import { aiRoutes, registerAiJobs } from "./ai/transcribe-routes.js";
import { promptsRoutes } from "./ai/prompts/routes.js";
import { queueIntegrationsRoutes } from "./integrations/routes.js";
import { registerIntegrationJobs } from "./integrations/register-integration-jobs.js";

/** Kept for imports written before AppDeps had its own module; new code imports it from "./app-deps.js". */
export type { AppDeps } from "./app-deps.js";

export async function buildApp(opts: {
  database: Database;
  config: Config;
  logger?: FastifyBaseLogger | boolean;
  redis?: Redis;
}): Promise<App & { routeList: RegisteredRoute[] }> {
  const { config, database } = opts;
  const db = database.db;
  const app = Fastify({
    // Request lines never show the secrets some paths carry (http/redact-url.ts).
    loggerInstance: typeof opts.logger === "object" ? withRedactedUrls(opts.logger) : undefined,
    logger: typeof opts.logger === "object" ? undefined : opts.logger === true ? { serializers: { req: serializeRequest } } : false,
    // One line per request only at LOG_LEVEL=debug (http/request-log.ts).
    logController: new RequestLogAtDebug({ disableRequestLogging: config.logRequests === false }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
    // Fastify's and Node's own 4xx (bad percent-encoding, 414, 431) in the one error shape.
    frameworkErrors,
    clientErrorHandler,
    // Every route uses the zod compilers set below: Fastify's defaults (ajv, fast-json-stringify) are then never
    // loaded, which it otherwise does at every start (docs/PERFORMANCE.md, "Start-up and memory").
    // (Fastify types these factories for ajv's compilers only.)
    schemaController: { compilersFactory: { buildValidator: (() => validatorCompiler) as never, buildSerializer: (() => serializerCompiler) as never } },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const routeList: RegisteredRoute[] = [];
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === "HEAD") continue;
      routeList.push({
        method,
        url: route.url,
        config: (route.config ?? {}) as RegisteredRoute["config"],
        hasBody: Boolean(route.schema?.body),
        hasQuery: Boolean(route.schema?.querystring),
        hasParams: Boolean(route.schema?.params),
      });
    }
  });

  // Integration secrets saved before they were encrypted and platform-wide: sealed or dropped before anything reads them.
  await sealLegacySettingSecretsUnscoped(db, config.whatsappEncryptionKey);
  const signer = createAccessTokenSigner(config.jwtSecret, config.accessTokenTtlSeconds);
  // ioredis and the adapter are imported only with REDIS_URL (start-up time).
  const redisAdapter = config.redisUrl ? await (await import("./realtime/connect-redis-adapter.js")).connectRedisAdapter(config.redisUrl, config.redisKeyPrefix) : undefined;
  const realtime = createRealtime(app.server, { db, signer, logger: app.log, redisAdapter, canJoinTicket, ticketRoomsOf });
  // Socket.IO took the adapter, which subscribed: this process answers other processes' commands once that is live.
  await redisAdapter?.subscribed();
  // The AWS SDK is loaded only with S3_BUCKET (start-up time and memory).
  const storage = config.s3
    ? (await import("./storage/s3-storage.js")).createS3Storage(config.s3)
    : createFileStorage(config.dataDir);
  const outbound = createOutbound(config);
  const deps: AppDeps = {
    db,
    database,
    config,
    signer,
    loginLimiter: createLoginRateLimiter({
      perIp: config.loginRateLimitPerIp,
      perEmail: config.loginRateLimitPerEmail,
      redis: opts.redis,
      keyPrefix: config.redisKeyPrefix,
    }),
    realtime,
    storage,
    jobs: await startJobs({ database, schema: config.jobsSchema, logger: app.log, pollIntervalSeconds: config.jobsPollIntervalSeconds }),
    sessions: createAppSessions({ db, config, logger: app.log, realtime, storage, outbound }),
    flow: undefined as unknown as FlowHooks,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom ?? "Atendo <no-reply@atendo.local>", dataDir: config.dataDir, logger: app.log }),
    outbound,
    cache: createCompanyCache(database, app.log),
    codeLimiter: createCodeRateLimiter({ perIp: config.codeRateLimitPerIp ?? 20, perEmail: config.codeRateLimitPerEmail ?? 5, redis: opts.redis }),
  };
  // Campaign confirmations and opt-out words are read from each customer message before the bot (campaigns/).
  deps.flow = withCampaignReplies(createFlow(deps), deps);
  app.decorate("deps", deps);
  // Workers before routes: anything a request or an inbound message enqueues has its queue.
  await registerMessageJobs(deps);
  const stopFlowJobs = await registerFlowJobs(deps);
  app.addHook("onClose", async () => stopFlowJobs());
  await registerIntegrationJobs(deps, app.log);
  const stopBillingJobs = await registerBillingJobs(deps);
  app.addHook("onClose", async () => stopBillingJobs());
  await registerMailJobs(deps, app.log);
  await registerAiJobs(app as never);
  await registerScheduleJobs(deps, app.log);
  await registerCampaignJobs(deps, app.log);
  deps.sessions.setInboundHandler(createInboundHandler(deps, app.log));
  app.addHook("onReady", () => deps.sessions.start());
  // Before the socket server closes: this process's sessions stop and release their leases (another process, or
  // the next start, resumes them).
  app.addHook("preClose", () => deps.sessions.stop());
  app.addHook("preClose", async () => {
    await realtime.close();
  });
  // After the server stops taking requests; before the caller closes the database.
  app.addHook("onClose", async () => {
    await deps.jobs.stop();
    deps.mailer.close();
    await deps.cache.close();
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // MUI (emotion) injects style tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        mediaSrc: ["'self'", "blob:"],
        connectSrc: ["'self'", "ws:", "wss:"],
        fontSrc: ["'self'", "data:"],
        // Help videos: YouTube's privacy-enhanced player in an iframe.
        frameSrc: ["https://www.youtube-nocookie.com"],
        // Helmet's default would make a browser on plain HTTP (a LAN address) fetch every script over HTTPS: a blank page.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Sent only on HTTPS answers (http/delivery.ts).
    strictTransportSecurity: false,
  });
  await registerDelivery(app);
  await app.register(cookie);
  // Uploads: 20 MB a file, a few files a request; routes read them with request.file()/files().
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 10, fields: 20 } });
  registerErrorHandling(app);
  // Before any route: the OpenAPI document collects every route registered after it.
  await registerOpenApi(app, { version: config.version });
  // Before authentication: a browser navigation to /settings gets the client, not the API's 401.
  await registerWebClient(app, config.webDist);
  registerAuthentication(app);
  registerNulGuard(app);

  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(settingsRoutes);
  await app.register(usersRoutes);
  await app.register(queuesRoutes);
  await app.register(contactsRoutes);
  await app.register(tagsRoutes);
  await app.register(quickMessagesRoutes);
  await app.register(companySchedulesRoutes);
  await app.register(platformRoutes);
  await app.register(connectionsRoutes);
  await app.register(simulatorRoutes);
  await app.register(cloudApiRoutes);
  await app.register(ticketNotesRoutes);
  await app.register(ticketsRoutes);
  await app.register(messagesRoutes);
  await app.register(announcementsRoutes);
  await app.register(helpsRoutes);
  await app.register(schedulesRoutes);
  await app.register(campaignsRoutes);
  await app.register(filesRoutes);
  await app.register(kanbanRoutes);
  await app.register(billingRoutes);
  await app.register(accountsRoutes);
  await app.register(chatsRoutes);
  await app.register(dashboardRoutes);
  await app.register(contactListsRoutes);
  await app.register(promptsRoutes);
  await app.register(queueIntegrationsRoutes);
  await app.register(publicApiRoutes, { redis: opts.redis });
  await app.register(aiRoutes);

  return Object.assign(app, { routeList });
}

export interface RegisteredRoute {
  method: string;
  url: string;
  config: import("fastify").FastifyContextConfig;
  hasBody: boolean;
  hasQuery: boolean;
  hasParams: boolean;
}
