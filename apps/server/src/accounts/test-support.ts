import { randomBytes } from "node:crypto";
import type { SettingKey } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { plans } from "../db/schema.js";
import type { Config } from "../config.js";
import { bearer, createCompany, createTestApp, createUser, login, openInMemoryTestDatabase, type TestApp } from "../test/helpers.js";
import { startFakeSmtp, type FakeSmtp } from "../test/fakes/smtp.js";

/**
 * Tests only: an app whose mail goes to a local SMTP server, on a database of its own. Its own even when the other
 * files share PostgreSQL: these tests change global settings (allowregister, trial, requireapproval), which live on
 * "the" platform company and would leak into other files running at the same time.
 */
export interface AccountsHarness {
  database: Database;
  app: TestApp;
  smtp: FakeSmtp;
  superToken: string;
  setGlobal(key: SettingKey, value: string): Promise<void>;
  publicPlan(overrides?: Partial<typeof plans.$inferInsert>): Promise<number>;
  close(): Promise<void>;
}

export async function startAccountsHarness(overrides: Partial<Config> = {}): Promise<AccountsHarness> {
  const database = await openInMemoryTestDatabase();
  const smtp = await startFakeSmtp();
  const app = await createTestApp(database, { smtpUrl: smtp.url, mailFrom: "Atendo <no-reply@atendo.test>", ...overrides });
  const platform = await createCompany(database.db, { isPlatform: true });
  const root = await createUser(database.db, platform.id, { profile: "admin", super: true });
  const superToken = (await login(app, root.email, root.password)).token;
  const harness: AccountsHarness = {
    database,
    app,
    smtp,
    superToken,
    async setGlobal(key, value) {
      const res = await app.inject({ method: "PUT", url: `/settings/${key}`, headers: bearer(superToken), payload: { value } });
      if (res.statusCode !== 200) throw new Error(`setting ${key}: ${res.statusCode} ${res.body}`);
    },
    async publicPlan(planOverrides = {}) {
      const [plan] = await database.db
        .insert(plans)
        .values({ name: `Plano ${randomBytes(4).toString("hex")}`, value: "49.90", isPublic: true, ...planOverrides })
        .returning({ id: plans.id });
      return plan!.id;
    },
    async close() {
      await app.close();
      await smtp.close();
      await database.close();
    },
  };
  await harness.setGlobal("allowregister", "enabled");
  return harness;
}

export const uniqueEmail = (prefix = "visitor") => `${prefix}-${randomBytes(5).toString("hex")}@example.test`;
