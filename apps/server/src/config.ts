import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import type { S3StorageOptions } from "./storage/s3-storage.js";
import { ENCRYPTION_KEY_FORMAT_MESSAGE, parseEncryptionKey, persistedEncryptionKey } from "./whatsapp/crypto/encryption-key.js";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"], { error: "must be development, production or test" }).default("development"),
  PORT: z.coerce.number({ error: "must be a port number" }).int().min(0).max(65535, "must be a port number (0-65535)").default(8080),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: z.url({ error: "must be a URL such as https://atendo.example.com" }).optional(),
  DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, "data")),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
    .optional(),
  REDIS_KEY_PREFIX: z.string().regex(/^[\w.:-]{1,64}$/, "letters, digits, _ . : - (at most 64)").optional(),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  WHATSAPP_ENCRYPTION_KEY: z
    .string()
    .refine((v) => parseEncryptionKey(v) !== undefined, ENCRYPTION_KEY_FORMAT_MESSAGE)
    .optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number({ error: "must be a number of seconds" }).int().min(5).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number({ error: "must be a number of days" }).int().min(1).max(365).default(7),
  COOKIE_SECURE: bool.default(false),
  TRUST_PROXY: bool.default(false),
  ADMIN_EMAIL: z.email({ error: "must be an e-mail address" }).default("admin@atendo.local"),
  ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").max(200).optional(),
  DEMO_PASSWORD: z.string().min(5, "must be at least 5 characters").max(50).optional(),
  SEED_DEMO: bool.default(true),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], { error: "must be a pino level" }).default("info"),
  LOGIN_RATE_LIMIT_PER_IP: z.coerce.number({ error: "must be a number" }).int().min(1).default(30),
  LOGIN_RATE_LIMIT_PER_EMAIL: z.coerce.number({ error: "must be a number" }).int().min(1).default(10),
  WEB_DIST: z.string().min(1).default(path.join(REPO_ROOT, "apps/web/dist")),
  SIMULATOR_ENABLED: bool.default(true),
  SESSION_LEASE_SECONDS: z.coerce.number({ error: "must be a number of seconds" }).int().min(3).max(600).default(30),
  // Who this process is across restarts (its WhatsApp session leases): one live process per id.
  INSTANCE_ID: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, "must be 1 to 64 letters, digits, dots, dashes or underscores").optional(),
  // pg-boss polls no faster than every 0.5 s.
  JOBS_POLL_INTERVAL_SECONDS: z.coerce.number({ error: "must be a number of seconds" }).min(0.5, "must be at least 0.5").max(60).default(2),
  // The outbox's pace for a WhatsApp Web (Baileys) number without one of its own, in messages/s.
  OUTBOX_RATE_PER_CONNECTION: z.coerce.number({ error: "must be a number of messages per second" }).positive("must be above 0").max(1000).default(5),
  // Schedules: one found due later than this (the server was down) ends EXPIRADO instead of being sent.
  SCHEDULE_MAX_DELAY_HOURS: z.coerce.number({ error: "must be a number of hours" }).min(1, "must be at least 1").max(8760).default(24),
  // Files in an S3-compatible bucket instead of DATA_DIR/files (set S3_BUCKET to turn it on).
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_PREFIX: z.string().max(200).default(""),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ENDPOINT: z.url({ error: "must be a URL" }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  // Outgoing mail (signup and password-reset codes); without SMTP_URL each message is an .eml file in DATA_DIR/mail.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, "must be a URL such as smtp://user:password@mail.example.com:587 or smtps://…:465")
    .optional(),
  MAIL_FROM: z.string().trim().min(3).max(200).default("Atendo <no-reply@atendo.local>"),
  CODE_RATE_LIMIT_PER_IP: z.coerce.number({ error: "must be a number" }).int().min(1).default(20),
  CODE_RATE_LIMIT_PER_EMAIL: z.coerce.number({ error: "must be a number" }).int().min(1).default(5),
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number({ error: "must be a number" }).int().min(1).default(60),
  // Billing: the static Pix provider (used while no Asaas key is set in the super Integrations settings).
  PIX_KEY: z.string().trim().min(1).max(77, "must be a Pix key (at most 77 characters)").optional(),
  PIX_MERCHANT_NAME: z.string().trim().min(1).max(25, "must be at most 25 characters (Pix limit)").default("Atendo"),
  PIX_MERCHANT_CITY: z.string().trim().min(1).max(15, "must be at most 15 characters (Pix limit)").default("Sao Paulo"),
  // Billing: Asaas (the API key is the super Integrations setting "asaas").
  ASAAS_API_URL: z.url({ error: "must be a URL such as https://api.asaas.com/v3" }).default("https://api.asaas.com/v3"),
  ASAAS_WEBHOOK_TOKEN: z.string().min(16, "must be at least 16 characters").max(255).optional(),
  // Core spec section 9: pending and open tickets without a message for this many hours close by themselves (0: never).
  TICKET_AUTO_CLOSE_HOURS: z.coerce.number({ error: "must be a number of hours" }).min(0).max(8_760).default(24),
  // Outside services (integrations, AI, transcription): hosts the SSRF guard lets through although not public, and the timeout.
  OUTBOUND_ALLOW_HOSTS: z.string().default(""),
  OUTBOUND_TIMEOUT_MS: z.coerce.number({ error: "must be a number of milliseconds" }).int().min(100).max(600_000).default(15_000),
  // Meta's Graph API for WhatsApp Cloud API connections (tests point it at a local fake).
  WHATSAPP_CLOUD_API_URL: z.url({ error: "must be a URL such as https://graph.facebook.com" }).default("https://graph.facebook.com"),
  WHATSAPP_CLOUD_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, "must be a Graph API version such as v23.0")
    .default("v23.0"),
  // Public providers' base URLs (configurable so tests reach local fakes).
  OPENAI_API_URL: z.url({ error: "must be a URL such as https://api.openai.com/v1" }).default("https://api.openai.com/v1"),
  // Audio transcription and group summaries (ai/): the providers' base URLs.
  DEEPGRAM_API_URL: z.url({ error: "must be a URL such as https://api.deepgram.com" }).default("https://api.deepgram.com"),
  ASSEMBLYAI_API_URL: z.url({ error: "must be a URL such as https://api.assemblyai.com" }).default("https://api.assemblyai.com"),
  GEMINI_API_URL: z.url({ error: "must be a URL such as https://generativelanguage.googleapis.com" }).default("https://generativelanguage.googleapis.com"),
  OPENROUTER_API_URL: z.url({ error: "must be a URL such as https://openrouter.ai/api/v1" }).default("https://openrouter.ai/api/v1"),
  DIALOGFLOW_API_URL: z.url({ error: "must be a URL such as https://dialogflow.googleapis.com" }).default("https://dialogflow.googleapis.com"),
  // AI prompts (ai/): the chat model, and Azure's text-to-speech endpoint with {region} for the prompt's voice region.
  OPENAI_MODEL: z.string().trim().min(1).max(100).default("gpt-4o-mini"),
  AZURE_SPEECH_URL: z
    .string()
    .regex(/^https?:\/\/\S+$/, "must be a URL such as https://{region}.tts.speech.microsoft.com/cognitiveservices/v1")
    .default("https://{region}.tts.speech.microsoft.com/cognitiveservices/v1"),
});

export interface Config {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  publicUrl?: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  /**
   * Installs (or test servers) sharing one Redis keep apart by it: the Socket.IO adapter's channels and the rate
   * limits' keys start with it. Unset: Socket.IO's own "socket.io" and the bare rate-limit keys.
   */
  redisKeyPrefix?: string;
  jwtSecret: string;
  /** AES-256 key (32 bytes) for WhatsApp auth state and sent-message payloads at rest. */
  whatsappEncryptionKey: Buffer;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /**
   * COOKIE_SECURE=true forces the refresh cookie's Secure flag; otherwise it is Secure per request, when the request
   * came over HTTPS (auth/routes.ts). An https PUBLIC_URL does not force it: the install may be reached over plain HTTP.
   */
  cookieSecure: boolean;
  trustProxy: boolean;
  adminEmail: string;
  adminPassword?: string;
  demoPassword?: string;
  seedDemo: boolean;
  logLevel: string;
  /** Fastify's line per request, logged at debug (http/request-log.ts); false: none at all. Default on. */
  logRequests?: boolean;
  loginRateLimitPerIp: number;
  loginRateLimitPerEmail: number;
  webDist: string;
  version: string;
  /** The built-in WhatsApp simulator (provider "simulator", its API and page). */
  simulatorEnabled: boolean;
  /** How long a WhatsApp session lease lasts without renewal: the failover time when a process dies. */
  sessionLeaseSeconds: number;
  /**
   * Who this process is across restarts: INSTANCE_ID, else (embedded database) the id kept in the data folder, set
   * by main.ts once it holds the folder's lock. Undefined: a new holder each start, which waits for old leases.
   */
  instanceId?: string;
  /** Files in an S3-compatible bucket; absent: DATA_DIR/files. */
  s3?: S3StorageOptions;
  /** Start sessions at boot and pick up orphaned ones (default true); tests turn it off as their files share a database. */
  sessionSweep?: boolean;
  /** pg-boss's schema (default "pgboss"); tests give each app its own, as their files share one PostgreSQL database. */
  jobsSchema?: string;
  /** Seconds in one minute of the bot's timed steps (default 60); tests shorten them instead of waiting minutes. */
  flowMinuteSeconds?: number;
  /** How often job workers look for due jobs besides NOTIFY (retries, delayed steps); default 2, tests 0.5. */
  jobsPollIntervalSeconds?: number;
  /** Messages/s a WhatsApp Web number sends at most unless the connection sets its own (default 5; messages/outbox-pace.ts). */
  outboxRatePerConnection?: number;
  /** A schedule found due more than this many hours late is not sent but ends EXPIRADO (default 24). */
  scheduleMaxDelayHours?: number;
  /** Outgoing mail: SMTP server URL (absent: .eml files under DATA_DIR/mail) and sender (default Atendo <no-reply@atendo.local>). */
  smtpUrl?: string;
  mailFrom?: string;
  /** E-mailed codes (signup, password reset) one IP / one address may ask for in 15 minutes (defaults 20 / 5). */
  codeRateLimitPerIp?: number;
  codeRateLimitPerEmail?: number;
  /** External messages API: requests per token per minute (API_RATE_LIMIT_PER_MINUTE). */
  apiRateLimitPerMinute?: number;
  /** Payments (billing/): the static Pix key and merchant, Asaas's base URL and its webhook token. */
  billing?: BillingConfig;
  /** Pending/open tickets without a message for this many hours are closed (TICKET_AUTO_CLOSE_HOURS, 24; 0: never). */
  ticketAutoCloseHours?: number;
  /** Host names, IP addresses or CIDR ranges outside services may be reached at although not public (OUTBOUND_ALLOW_HOSTS). */
  outboundAllowHosts?: string[];
  /** Default timeout of a call to an outside service (OUTBOUND_TIMEOUT_MS, 15 s). */
  outboundTimeoutMs?: number;
  /** Graph API base URL and version of Cloud API connections (WHATSAPP_CLOUD_API_URL, WHATSAPP_CLOUD_API_VERSION). */
  whatsappCloudApiUrl?: string;
  whatsappCloudApiVersion?: string;
  /** OpenAI API base with the version (OPENAI_API_URL): the openaiassist integration, AI prompts, transcription. */
  openaiApiUrl?: string;
  /** Transcription and summary providers' base URLs (DEEPGRAM_API_URL, ASSEMBLYAI_API_URL, GEMINI_API_URL, OPENROUTER_API_URL). */
  deepgramApiUrl?: string;
  assemblyaiApiUrl?: string;
  geminiApiUrl?: string;
  openrouterApiUrl?: string;
  /** Dialogflow ES API base (DIALOGFLOW_API_URL), without the version. */
  dialogflowApiUrl?: string;
  /** The model AI prompts answer with (OPENAI_MODEL, default gpt-4o-mini). */
  openaiModel?: string;
  /** Azure text-to-speech endpoint, `{region}` replaced by the prompt's voice region (AZURE_SPEECH_URL). */
  azureSpeechUrl?: string;
}

export interface BillingConfig {
  pixKey?: string;
  pixMerchantName: string;
  pixMerchantCity: string;
  asaasApiUrl: string;
  asaasWebhookToken?: string;
  /**
   * Tests only: the Asaas key to use instead of the Integrations setting (null: none). Test files share one PostgreSQL
   * database, where other files' platform companies hold keys of their own.
   */
  asaasKey?: string | null;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

/** Validates the environment; each bad variable gets its own line in the error. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings in .env files mean "not set".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
  }
  const e = parsed.data;
  if (e.NODE_ENV === "production") {
    const missing = [
      ...(e.JWT_SECRET ? [] : ["JWT_SECRET: must be set in production (at least 32 characters)"]),
      ...(e.WHATSAPP_ENCRYPTION_KEY ? [] : [`WHATSAPP_ENCRYPTION_KEY: must be set in production (${ENCRYPTION_KEY_FORMAT_MESSAGE})`]),
    ];
    if (missing.length > 0) throw new ConfigError(missing);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir),
    whatsappEncryptionKey: e.WHATSAPP_ENCRYPTION_KEY ? parseEncryptionKey(e.WHATSAPP_ENCRYPTION_KEY)! : persistedEncryptionKey(dataDir),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: e.TRUST_PROXY,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    demoPassword: e.DEMO_PASSWORD,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    loginRateLimitPerIp: e.LOGIN_RATE_LIMIT_PER_IP,
    loginRateLimitPerEmail: e.LOGIN_RATE_LIMIT_PER_EMAIL,
    webDist: e.WEB_DIST,
    simulatorEnabled: e.SIMULATOR_ENABLED,
    sessionLeaseSeconds: e.SESSION_LEASE_SECONDS,
    instanceId: e.INSTANCE_ID,
    jobsPollIntervalSeconds: e.JOBS_POLL_INTERVAL_SECONDS,
    outboxRatePerConnection: e.OUTBOX_RATE_PER_CONNECTION,
    scheduleMaxDelayHours: e.SCHEDULE_MAX_DELAY_HOURS,
    ...(e.S3_BUCKET
      ? {
          s3: {
            bucket: e.S3_BUCKET,
            prefix: e.S3_PREFIX,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          },
        }
      : {}),
    billing: {
      pixKey: e.PIX_KEY,
      pixMerchantName: e.PIX_MERCHANT_NAME,
      pixMerchantCity: e.PIX_MERCHANT_CITY,
      asaasApiUrl: e.ASAAS_API_URL,
      asaasWebhookToken: e.ASAAS_WEBHOOK_TOKEN,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    codeRateLimitPerIp: e.CODE_RATE_LIMIT_PER_IP,
    codeRateLimitPerEmail: e.CODE_RATE_LIMIT_PER_EMAIL,
    apiRateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
    ticketAutoCloseHours: e.TICKET_AUTO_CLOSE_HOURS,
    outboundAllowHosts: e.OUTBOUND_ALLOW_HOSTS.split(",").map((h) => h.trim()).filter(Boolean),
    outboundTimeoutMs: e.OUTBOUND_TIMEOUT_MS,
    whatsappCloudApiUrl: e.WHATSAPP_CLOUD_API_URL,
    whatsappCloudApiVersion: e.WHATSAPP_CLOUD_API_VERSION,
    openaiApiUrl: e.OPENAI_API_URL,
    deepgramApiUrl: e.DEEPGRAM_API_URL,
    assemblyaiApiUrl: e.ASSEMBLYAI_API_URL,
    geminiApiUrl: e.GEMINI_API_URL,
    openrouterApiUrl: e.OPENROUTER_API_URL,
    dialogflowApiUrl: e.DIALOGFLOW_API_URL,
    openaiModel: e.OPENAI_MODEL,
    azureSpeechUrl: e.AZURE_SPEECH_URL,
    version: readVersion(),
  };
}

/** Without JWT_SECRET (development), a random secret is kept in the data folder so restarts keep sessions. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, "secret.key");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function readVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { version: string };
  return pkg.version;
}
