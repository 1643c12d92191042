import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETTING_KEYS } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { bearer, createCompany, createTestApp, createTestDatabase, createUser, login, type TestApp } from "../test/helpers.js";

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

async function companyWithUsers(opts: { isPlatform?: boolean } = {}) {
  const company = await createCompany(database.db, { isPlatform: opts.isPlatform ?? false });
  const admin = await createUser(database.db, company.id, { profile: "admin", super: opts.isPlatform ?? false });
  const agent = await createUser(database.db, company.id);
  return {
    company,
    adminToken: (await login(app, admin.email, admin.password)).token,
    agentToken: (await login(app, agent.email, agent.password)).token,
  };
}

const get = (token: string) => app.inject({ method: "GET", url: "/settings/", headers: bearer(token) });
const put = (token: string, key: string, value: unknown) =>
  app.inject({ method: "PUT", url: `/settings/${key}`, headers: bearer(token), payload: { value } });

describe("settings", () => {
  it("lists every company key with its default, and integration credentials only to super users", async () => {
    const { adminToken, agentToken } = await companyWithUsers();
    const admin = (await get(adminToken)).json() as { key: string; value: string }[];
    expect(admin).toContainEqual({ key: "sendGreetingAccepted", value: "disabled" });
    expect(admin.map((s) => s.key)).not.toContain("asaas");
    expect(admin.map((s) => s.key)).not.toContain("allowregister");
    const agent = (await get(agentToken)).json() as { key: string }[];
    expect(agent.map((s) => s.key)).not.toContain("asaas");
    expect(agent.map((s) => s.key)).toContain("userRating");
    expect((await put(adminToken, "asaas", "tok")).json()).toEqual({ error: "ERR_NO_PERMISSION" });
    const platform = await companyWithUsers({ isPlatform: true });
    expect((await put(platform.adminToken, "asaas", "tok_live_0123456789")).statusCode).toBe(200);
    // Masked: whether it is set and its last four characters, never the value (setting-secrets.test.ts has the rest).
    expect((await get(platform.adminToken)).json()).toContainEqual({ key: "asaas", value: "••••6789", set: true });
  });

  it("saves a value for the caller's company only", async () => {
    const a = await companyWithUsers();
    const b = await companyWithUsers();
    const res = await put(a.adminToken, "userRating", "enabled");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ key: "userRating", value: "enabled" });
    expect((await get(a.agentToken)).json()).toContainEqual({ key: "userRating", value: "enabled" });
    expect((await get(b.agentToken)).json()).toContainEqual({ key: "userRating", value: "disabled" });
  });

  it("refuses agents, unknown keys and values outside a key's options", async () => {
    const { adminToken, agentToken } = await companyWithUsers();
    expect((await put(agentToken, "userRating", "enabled")).json()).toEqual({ error: "ERR_NO_PERMISSION" });
    const unknown = await put(adminToken, "doesNotExist", "x");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: "ERR_NO_SETTING_FOUND" });
    const bad = await put(adminToken, "scheduleType", "sometimes");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: "ERR_VALIDATION", fields: [{ path: "body.value", message: "validation.invalid" }] });
  });

  it("keeps global keys for super users of the platform, and serves them publicly", async () => {
    const tenant = await companyWithUsers();
    expect((await put(tenant.adminToken, "allowregister", "enabled")).statusCode).toBe(403);
    const platform = await companyWithUsers({ isPlatform: true });
    expect((await put(platform.adminToken, "viewregister", "enabled")).statusCode).toBe(200);
    const pub = await app.inject({ method: "GET", url: "/settings/viewregister" });
    expect(pub.json()).toEqual({ key: "viewregister", value: "enabled" });
    const trial = await app.inject({ method: "GET", url: "/settings/trial" });
    expect(trial.json()).toEqual({ key: "trial", value: "3" });
    const list = (await get(platform.adminToken)).json() as { key: string }[];
    expect(list.map((s) => s.key)).toEqual(expect.arrayContaining(["allowregister", "viewregister", "trial"]));
  });

  it("has a default for every key", async () => {
    const platform = await companyWithUsers({ isPlatform: true });
    const list = (await get(platform.adminToken)).json() as { key: string }[];
    expect(list.map((s) => s.key).sort()).toEqual([...SETTING_KEYS].sort());
  });
});
