import Fastify, { type FastifyBaseLogger } from "fastify";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Redis } from "ioredis";
import type { Config } from "./config.js";
import type { Database, Db } from "./db/client.js";
import { createAccessTokenSigner, type AccessTokenSigner } from "./auth/access-token.js";
import { createLoginRateLimiter, type LoginRateLimiter } from "./auth/login-rate-limit.js";
import { registerErrorHandling } from "./http/error-handler.js";
import { registerAuthentication } from "./http/authenticate.js";
import { registerNulGuard } from "./http/reject-nul-bytes.js";
import { registerWebClient } from "./http/serve-web.js";
import { createRealtime, type Realtime } from "./realtime/realtime.js";
import { authRoutes } from "./auth/routes.js";
import { settingsRoutes } from "./settings/routes.js";
import { usersRoutes } from "./users/routes.js";
import { systemRoutes } from "./system/routes.js";
import { queuesRoutes } from "./queues/routes.js";
import { contactsRoutes } from "./contacts/routes.js";
import { tagsRoutes } from "./tags/routes.js";
import { quickMessagesRoutes } from "./quick-messages/routes.js";
import { companySchedulesRoutes } from "./companies/schedules-routes.js";
import { createFileStorage, type FileStorage } from "./storage/file-storage.js";
import { createS3Storage } from "./storage/s3-storage.js";
import { startJobs, type Jobs } from "./jobs/jobs.js";
import multipart from "@fastify/multipart";
import type { App } from "./http/types.js";
import { connectionsRoutes } from "./connections/routes.js";
import { simulatorRoutes } from "./whatsapp/simulator/routes.js";
import { createAppSessions } from "./whatsapp/sessions/create-app-sessions.js";
import type { SessionManager } from "./whatsapp/sessions/session-manager.js";
import { canJoinTicket } from "./tickets/can-join-ticket.js";
import { createFlow } from "./tickets/flow/create-flow.js";
import type { FlowHooks } from "./tickets/flow/flow-hooks.js";
import { registerFlowJobs } from "./tickets/flow/register-flow-jobs.js";
import { registerMessageJobs } from "./messages/register-message-jobs.js";
import { createInboundHandler } from "./ingestion/create-inbound-handler.js";
import { messagesRoutes } from "./messages/routes.js";
import { ticketNotesRoutes } from "./ticket-notes/routes.js";
import { ticketRoomsOf } from "./tickets/ticket-rooms-of.js";
import { ticketsRoutes } from "./tickets/routes.js";

export interface AppDeps {
  db: Db;
  /** The database handle with its driver (pg pool or PGlite), for what needs more than Drizzle (jobs). */
  database: Database;
  config: Config;
  signer: AccessTokenSigner;
  loginLimiter: LoginRateLimiter;
  realtime: Realtime;
  storage: FileStorage;
  /** Background jobs (pg-boss) in the same database; see jobs/jobs.ts. */
  jobs: Jobs;
  /** WhatsApp sessions: one live session per connection across processes; see whatsapp/sessions/. */
  sessions: SessionManager;
  /** The bot's entry points for ingestion and the ticket life cycle; see tickets/flow/. */
  flow: FlowHooks;
}

export async function buildApp(opts: {
  database: Database;
  config: Config;
  logger?: FastifyBaseLogger | boolean;
  redis?: Redis;
}): Promise<App & { routeList: RegisteredRoute[] }> {
  const { config, database } = opts;
  const db = database.db;
  const app = Fastify({
    loggerInstance: typeof opts.logger === "object" ? opts.logger : undefined,
    logger: typeof opts.logger === "object" ? undefined : (opts.logger ?? false),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
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

  const signer = createAccessTokenSigner(config.jwtSecret, config.accessTokenTtlSeconds);
  const realtime = createRealtime(app.server, {
    db,
    signer,
    logger: app.log,
    redisUrl: config.redisUrl,
    canJoinTicket,
    ticketRoomsOf,
  });
  const storage = config.s3 ? createS3Storage(config.s3) : createFileStorage(config.dataDir);
  const deps: AppDeps = {
    db,
    database,
    config,
    signer,
    loginLimiter: createLoginRateLimiter({
      perIp: config.loginRateLimitPerIp,
      perEmail: config.loginRateLimitPerEmail,
      redis: opts.redis,
    }),
    realtime,
    storage,
    jobs: await startJobs({ database, schema: config.jobsSchema, logger: app.log }),
    sessions: createAppSessions({ db, config, logger: app.log, realtime, storage }),
    flow: undefined as unknown as FlowHooks,
  };
  deps.flow = createFlow(deps);
  app.decorate("deps", deps);
  // Workers before routes: anything a request or an inbound message enqueues has its queue.
  await registerMessageJobs(deps);
  await registerFlowJobs(deps);
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
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie);
  // Uploads: 20 MB a file, a few files a request; routes read them with request.file()/files().
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 10, fields: 20 } });
  registerErrorHandling(app);
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
  await app.register(connectionsRoutes);
  await app.register(simulatorRoutes);
  await app.register(ticketNotesRoutes);
  await app.register(ticketsRoutes);
  await app.register(messagesRoutes);

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
