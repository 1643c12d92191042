import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { SECRET_SETTING_KEYS } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { settings } from "../db/schema.js";
import { bearer, createCompany, createTestApp, createTestDatabase, createUser, login, type TestApp } from "../test/helpers.js";
import { readGlobalSecret } from "./read-global-secret.js";
import { sealLegacySettingSecretsUnscoped } from "./seal-legacy-setting-secrets.js";

let database: Database;
let app: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const put = (token: string, key: string, value: string) =>
  app.inject({ method: "PUT", url: `/settings/${key}`, headers: bearer(token), payload: { value } });
const storedRow = async (companyId: number, key: string) =>
  (await database.db.select().from(settings).where(and(eq(settings.companyId, companyId), eq(settings.key, key))))[0];

/** The platform company with a super user, plus every other kind of user there and in a tenant company. */
async function platformWithUsers() {
  const platform = await createCompany(database.db, { isPlatform: true });
  const tenant = await createCompany(database.db);
  const make = async (companyId: number, overrides: Parameters<typeof createUser>[2]) => {
    const user = await createUser(database.db, companyId, overrides);
    return login(app, user.email, user.password);
  };
  return {
    platform,
    tenant,
    superUser: await make(platform.id, { profile: "admin", super: true }),
    others: {
      "platform admin": await make(platform.id, { profile: "admin" }),
      "platform supervisor": await make(platform.id, { profile: "supervisor" }),
      "platform user": await make(platform.id, { profile: "user" }),
      "tenant admin": await make(tenant.id, { profile: "admin" }),
      "tenant supervisor": await make(tenant.id, { profile: "supervisor" }),
      "tenant user": await make(tenant.id, { profile: "user" }),
    },
  };
}

describe("integration secrets (super Integrations settings)", () => {
  it("stores them encrypted on the platform company and answers only a mask", async () => {
    const { platform, superUser } = await platformWithUsers();
    const saved = await put(superUser.token, "tokenixc", "ixc-token-ABCDEFGH-1234");
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ key: "tokenixc", value: "••••1234", set: true });
    expect(saved.body).not.toContain("ABCDEFGH");

    const row = await storedRow(platform.id, "tokenixc");
    expect(row!.value).toMatch(/^enc:v1:/);
    expect(row!.value).not.toContain("ixc-token");

    const list = (await app.inject({ method: "GET", url: "/settings", headers: bearer(superUser.token) })).json() as object[];
    expect(list).toContainEqual({ key: "tokenixc", value: "••••1234", set: true });
    expect(list).toContainEqual({ key: "clientsecretmkauth", value: "", set: false });
    // A short value is not shortened to a guessable tail.
    expect((await put(superUser.token, "ipmkauth", "10.0.0.1")).json()).toEqual({ key: "ipmkauth", value: "••••", set: true });

    expect(await readGlobalSecret(database.db, app.deps.config, "tokenixc")).toBe("ixc-token-ABCDEFGH-1234");
  });

  it("clears a secret with an empty value", async () => {
    const { platform, superUser } = await platformWithUsers();
    await put(superUser.token, "clientidmkauth", "client-id-0000000042");
    const cleared = await put(superUser.token, "clientidmkauth", "");
    expect(cleared.json()).toEqual({ key: "clientidmkauth", value: "", set: false });
    expect(await storedRow(platform.id, "clientidmkauth")).toBeUndefined();
  });

  it("never shows them, not even masked, to anyone but super users, in any answer", async () => {
    const { superUser, others } = await platformWithUsers();
    await put(superUser.token, "clientsecretmkauth", "mk-secret-value-9876");
    // The super user's own session answers (kept in the browser) carry no secret either.
    const me = await app.inject({ method: "GET", url: "/auth/me", headers: bearer(superUser.token) });
    expect(me.body).not.toMatch(/clientsecretmkauth|mk-secret|9876/);
    expect(JSON.stringify(superUser.user)).not.toContain("asaas");

    for (const [who, session] of Object.entries(others)) {
      const list = await app.inject({ method: "GET", url: "/settings", headers: bearer(session.token) });
      expect(list.statusCode, who).toBe(200);
      const keys = (list.json() as { key: string }[]).map((s) => s.key);
      for (const key of SECRET_SETTING_KEYS) expect(keys, `${who}: ${key}`).not.toContain(key);
      expect(list.body, who).not.toMatch(/mk-secret|9876|••••/);
      const loginAnswer = JSON.stringify(session.user);
      const meAnswer = (await app.inject({ method: "GET", url: "/auth/me", headers: bearer(session.token) })).body;
      for (const body of [loginAnswer, meAnswer]) {
        for (const key of SECRET_SETTING_KEYS) expect(body, `${who}: ${key}`).not.toContain(`"${key}"`);
      }
      const write = await put(session.token, "clientsecretmkauth", "stolen");
      expect(write.statusCode, who).toBe(403);
      expect(write.json(), who).toEqual({ error: "ERR_NO_PERMISSION" });
    }
    expect(await readGlobalSecret(database.db, app.deps.config, "clientsecretmkauth")).toBe("mk-secret-value-9876");
  });

  it("does not decrypt a value copied to another key or company", async () => {
    const { platform, superUser } = await platformWithUsers();
    await put(superUser.token, "ipixc", "https://ixc.example.test");
    const sealed = (await storedRow(platform.id, "ipixc"))!.value;
    await database.db.insert(settings).values({ companyId: platform.id, key: "clientidmkauth", value: sealed });
    await expect(readGlobalSecret(database.db, app.deps.config, "clientidmkauth")).rejects.toThrow(/authentication/);
    const list = (await app.inject({ method: "GET", url: "/settings", headers: bearer(superUser.token) })).json() as object[];
    expect(list).toContainEqual({ key: "clientidmkauth", value: "••••", set: true });
    await put(superUser.token, "clientidmkauth", "");
  });

  it("reads null when a secret is not set", async () => {
    await platformWithUsers();
    expect(await readGlobalSecret(database.db, app.deps.config, "clientidmkauth")).toBeNull();
  });

  it("seals plaintext secrets left from before, and drops those stored on other companies", async () => {
    const platform = await createCompany(database.db, { isPlatform: true });
    const tenant = await createCompany(database.db);
    await database.db.insert(settings).values([
      { companyId: platform.id, key: "ipixc", value: "legacy-plain-ipixc" },
      { companyId: tenant.id, key: "asaas", value: "tenant-plain-asaas" },
      { companyId: tenant.id, key: "userRating", value: "enabled" },
    ]);
    await sealLegacySettingSecretsUnscoped(database.db, app.deps.config.whatsappEncryptionKey);
    const sealed = await storedRow(platform.id, "ipixc");
    expect(sealed!.value).toMatch(/^enc:v1:/);
    expect(await storedRow(tenant.id, "asaas")).toBeUndefined();
    expect((await storedRow(tenant.id, "userRating"))!.value).toBe("enabled");
    // Running again changes nothing.
    await sealLegacySettingSecretsUnscoped(database.db, app.deps.config.whatsappEncryptionKey);
    expect((await storedRow(platform.id, "ipixc"))!.value).toBe(sealed!.value);
  });
});
