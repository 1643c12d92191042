import { afterAll, beforeAll } from "vitest";
import type { Database, Db } from "../db/client.js";
import { plans } from "../db/schema.js";
import { bearer, createCompany, createTestApp, createTestDatabase, createUser, login, type TestApp } from "../test/helpers.js";

/** Tests only: a signed-in user of a fresh company (plan overrides for limits and flags). */
export async function signedIn(
  app: TestApp,
  db: Db,
  opts: { profile?: "user" | "supervisor" | "admin"; super?: boolean; plan?: Partial<typeof plans.$inferInsert>; isPlatform?: boolean } = {},
) {
  const company = await createCompany(db, { isPlatform: opts.isPlatform ?? false }, opts.plan ?? {});
  const user = await createUser(db, company.id, { profile: opts.profile ?? "admin", super: opts.super ?? false });
  const session = await login(app, user.email, user.password);
  return { company, user, token: session.token, headers: bearer(session.token) };
}

/** Tests only: a super admin (of a company of their own) and their request headers. */
export const superAdmin = (app: TestApp, db: Db) => signedIn(app, db, { profile: "admin", super: true });

export const unique = () => Math.random().toString(36).slice(2, 10);

/**
 * Tests only: the set-up the plan tests share: a database, an app and a signed-in super admin for the file, and a
 * `call` that sends the super admin's session (or none).
 */
export function superAdminSuite() {
  const ctx = {} as { database: Database; app: TestApp; headers: Record<string, string> };
  beforeAll(async () => {
    ctx.database = await createTestDatabase();
    ctx.app = await createTestApp(ctx.database);
    ctx.headers = (await superAdmin(ctx.app, ctx.database.db)).headers;
  });
  afterAll(async () => {
    await ctx.app.close();
    await ctx.database.close();
  });
  const call = (method: string, url: string, payload?: unknown, withSession = true) =>
    ctx.app.inject({ method: method as never, url, headers: withSession ? ctx.headers : {}, payload: payload as object });
  return { ctx, call };
}

/** Tests only: a valid plan body with a unique name. */
export const planBody = (overrides: Record<string, unknown> = {}) => ({
  name: `Plano ${unique()}`,
  users: 3,
  connections: 1,
  queues: 2,
  value: "49,90",
  ...overrides,
});
