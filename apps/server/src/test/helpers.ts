import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";
import type { SessionUser } from "@atendo/shared";
import { openDatabase, type Database, type Db } from "../db/client.js";
import { companies, plans, users } from "../db/schema.js";
import { hashPassword } from "../auth/passwords.js";
import { buildApp } from "../app.js";
import type { Config } from "../config.js";

/**
 * The database a test file works in. On PostgreSQL, a pool on the run's database (shared by every file, as each test
 * builds its own companies). On PGlite, the worker's database: one clone of the migrated snapshot per vitest worker,
 * shared by the files it runs one after the other (the server project does not isolate files; see vitest.config.ts),
 * exactly as the files share the PostgreSQL one. Its `close` leaves it open for the worker's next file.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = inject("databaseUrl");
  if (url) return openDatabase({ databaseUrl: url, migrate: false });
  workerDatabase ??= openInMemoryTestDatabase().catch((err: unknown) => {
    workerDatabase = undefined;
    throw err;
  });
  return { ...(await workerDatabase), close: async () => {} };
}

let workerDatabase: Promise<Database> | undefined;

/** A fresh in-memory PGlite: a clone of the run's migrated snapshot when there is one. */
export async function openInMemoryTestDatabase(): Promise<Database> {
  const snapshot = inject("pgliteSnapshot");
  if (!snapshot) return openDatabase({ pgliteDir: null });
  return openDatabase({ pgliteDir: null, migrate: false, pgliteSnapshot: new Blob([readFileSync(snapshot)]) });
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    // Its own folder per app, for stored files.
    dataDir: mkdtempSync(path.join(tmpdir(), "atendo-test-data-")),
    nodeEnv: "test",
    port: 0,
    host: "127.0.0.1",
    jwtSecret: "test-secret-test-secret-test-secret-0123456789",
    whatsappEncryptionKey: Buffer.alloc(32, 7),
    accessTokenTtlSeconds: 900,
    refreshTokenTtlDays: 7,
    cookieSecure: false,
    trustProxy: false,
    adminEmail: "admin@atendo.local",
    seedDemo: false,
    logLevel: "silent",
    loginRateLimitPerIp: 10_000,
    loginRateLimitPerEmail: 10_000,
    webDist: "/nonexistent-web-dist",
    version: "0.0.0-test",
    simulatorEnabled: true,
    sessionLeaseSeconds: 30,
    // Test files share one PostgreSQL database: an app must not start the sessions of another file's connections.
    sessionSweep: false,
    // Its own job queues: a job enqueued by one test file's app must not run in another's (other data folder).
    jobsSchema: `pgboss_test_${unique()}`,
    // Retries and timed steps are found by polling: at pg-boss's fastest rate, so job tests do not sit out 2 s polls.
    jobsPollIntervalSeconds: 0.5,
    // Tests reach outside services only as local fakes; a test of the SSRF guard passes [].
    outboundAllowHosts: ["127.0.0.1", "localhost", "::1"],
    outboundTimeoutMs: 5_000,
    ...overrides,
  };
}

export type TestApp = Awaited<ReturnType<typeof buildApp>>;

export async function createTestApp(database: Database, overrides: Partial<Config> = {}): Promise<TestApp> {
  const app = await buildApp({ database, config: testConfig(overrides) });
  openApps.add(app);
  app.addHook("onClose", async () => {
    openApps.delete(app);
  });
  await app.ready();
  return app;
}

/** Apps a test file built and has not closed: test/setup.ts closes them when the file ends (their jobs stop). */
const openApps = new Set<TestApp>();

export async function closeLeftoverTestApps(): Promise<void> {
  for (const app of [...openApps]) await app.close().catch(() => undefined);
}

const unique = () => randomBytes(5).toString("hex");

export const ALL_PLAN_FLAGS = {
  useCampaigns: true,
  useKanban: true,
  useOpenAi: true,
  useIntegrations: true,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: true,
  useInternal: true,
};

/** A company of its own for each test, so files can run in parallel on one database. */
export async function createCompany(
  db: Db,
  overrides: Partial<typeof companies.$inferInsert> = {},
  planOverrides: Partial<typeof plans.$inferInsert> = {},
) {
  const [plan] = await db
    .insert(plans)
    .values({ name: `Plan ${unique()}`, ...ALL_PLAN_FLAGS, ...planOverrides })
    .returning();
  const [company] = await db
    .insert(companies)
    .values({ name: `Company ${unique()}`, planId: plan!.id, ...overrides })
    .returning();
  return company!;
}

export async function createUser(
  db: Db,
  companyId: number,
  overrides: Partial<typeof users.$inferInsert> & { password?: string } = {},
) {
  const { password = "secret123", ...rest } = overrides;
  const [user] = await db
    .insert(users)
    .values({
      companyId,
      name: `User ${unique()}`,
      email: `user-${unique()}@example.test`,
      passwordHash: await hashPassword(password),
      profile: "user",
      ...rest,
    })
    .returning();
  return { ...user!, password };
}

export interface LoggedIn {
  token: string;
  sessionId: string;
  refreshCookie: string;
  user: SessionUser;
}

export async function login(app: TestApp, email: string, password: string): Promise<LoggedIn> {
  const res = await app.inject({ method: "POST", url: "/auth/login", payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { token: string; sessionId: string; user: SessionUser };
  return { ...body, refreshCookie: refreshCookieOf(res.headers["set-cookie"]) };
}

export function refreshCookieOf(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = list.find((c) => c.startsWith("jrt="));
  if (!found) throw new Error("no refresh cookie in answer");
  return found.split(";")[0]!.slice("jrt=".length);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
