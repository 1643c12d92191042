import type { Config } from "./config.js";
import type { Database, Db } from "./db/client.js";
import type { AccessTokenSigner } from "./auth/access-token.js";
import type { LoginRateLimiter } from "./auth/login-rate-limit.js";
import type { Realtime } from "./realtime/realtime.js";
import type { FileStorage } from "./storage/file-storage.js";
import type { Jobs } from "./jobs/jobs.js";
import type { SessionManager } from "./whatsapp/sessions/session-manager.js";
import type { FlowHooks } from "./tickets/flow/flow-hooks.js";
import type { Mailer } from "./mail/mailer.js";
import type { CodeRateLimiter } from "./accounts/code-rate-limit.js";
import type { Outbound } from "./outbound/outbound.js";
import type { CompanyCache } from "./cache/company-cache.js";

/**
 * What `buildApp` hands to routes, services and workers (`app.deps`). Its own module, apart from app.ts, so that the
 * services app.ts registers can name it without importing app.ts back (no import cycle; `npm run check:cycles`).
 */
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
  /** Outgoing mail (SMTP_URL, or .eml files in the data folder); sent from the `send-mail` job, see mail/. */
  mailer: Mailer;
  /** How many e-mailed codes (signup, password reset) an IP and an address may ask for. */
  codeLimiter: CodeRateLimiter;
  /** Calls to outside services: the SSRF-guarded fetch with its timeout, and the per-key circuit (outbound/). */
  outbound: Outbound;
  /** Per-company values of the ingestion hot path, invalidated by database triggers in every process (cache/). */
  cache: CompanyCache;
}
