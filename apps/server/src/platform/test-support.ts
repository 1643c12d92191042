import type { Db } from "../db/client.js";
import { plans } from "../db/schema.js";
import { bearer, createCompany, createUser, login, type TestApp } from "../test/helpers.js";

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
