import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { queues } from "../db/schema.js";
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

async function adminOf(planUsers = 10) {
  const company = await createCompany(database.db, {}, { users: planUsers });
  const admin = await createUser(database.db, company.id, { profile: "admin" });
  return { company, token: (await login(app, admin.email, admin.password)).token };
}
const post = (token: string, payload: Record<string, unknown>) =>
  app.inject({ method: "POST", url: "/users", headers: bearer(token), payload });

describe("POST /users", () => {
  it("creates a user with profile and queues, who can then log in", async () => {
    const { company, token } = await adminOf();
    const [queue] = await database.db.insert(queues).values({ companyId: company.id, name: "Vendas", color: "#00ff00" }).returning();
    const res = await post(token, { name: "Carla", email: "Carla@Loja.test", password: "12345", profile: "supervisor", queueIds: [queue!.id] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: "Carla", email: "carla@loja.test", profile: "supervisor", queues: [{ id: queue!.id, name: "Vendas" }] });
    const session = await login(app, "carla@loja.test", "12345");
    expect(session.user.companyId).toBe(company.id);
  });

  it("stops at the plan's number of users", async () => {
    const { token } = await adminOf(2);
    expect((await post(token, { name: "Second", email: "second@plan.test", password: "12345" })).statusCode).toBe(201);
    const third = await post(token, { name: "Third", email: "third@plan.test", password: "12345" });
    expect(third.statusCode).toBe(403);
    expect(third.json()).toEqual({ error: "ERR_PLAN_LIMIT_REACHED", details: { resource: "users", limit: 2 } });
  });

  it("refuses a queue of another company", async () => {
    const { token } = await adminOf();
    const other = await createCompany(database.db);
    const [foreign] = await database.db.insert(queues).values({ companyId: other.id, name: "Alheia", color: "#111111" }).returning();
    const res = await post(token, { name: "Dora", email: "dora@x.test", password: "12345", queueIds: [foreign!.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "ERR_VALIDATION", fields: [{ path: "body.queueIds", message: "validation.invalid" }] });
  });

  it("refuses a taken e-mail and an agent caller", async () => {
    const { company, token } = await adminOf();
    const existing = await createUser(database.db, company.id);
    expect((await post(token, { name: "Dup", email: existing.email, password: "12345" })).json()).toEqual({ error: "ERR_EMAIL_ALREADY_EXISTS" });
    const agentToken = (await login(app, existing.email, existing.password)).token;
    expect((await post(agentToken, { name: "Eve", email: "eve@x.test", password: "12345" })).json()).toEqual({ error: "ERR_NO_PERMISSION" });
  });

  it("validates with the shared messages (password 5 to 50)", async () => {
    const { token } = await adminOf();
    const res = await post(token, { name: "F", email: "f@x.test", password: "1234" });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual(
      expect.arrayContaining([
        { path: "body.name", message: "validation.tooShort" },
        { path: "body.password", message: "validation.passwordTooShort" },
      ]),
    );
    const long = await post(token, { name: "Fine", email: "f@x.test", password: "x".repeat(51) });
    expect(long.json().fields).toEqual([{ path: "body.password", message: "validation.passwordTooLong" }]);
  });
});

describe("GET /users and /users/list", () => {
  it("searches by name or e-mail, pages with hasMore, and only within the company", async () => {
    const { company, token } = await adminOf(200);
    for (let i = 0; i < 45; i++) await createUser(database.db, company.id, { name: `Pessoa ${String(i).padStart(2, "0")}` });
    await createUser(database.db, company.id, { name: "Zélia", email: "zelia@busca.test" });
    const other = await createCompany(database.db);
    await createUser(database.db, other.id, { name: "Zélia de Fora", email: "zelia@fora.test" });

    const first = (await app.inject({ method: "GET", url: "/users/?pageNumber=1", headers: bearer(token) })).json();
    expect(first.users).toHaveLength(40);
    expect(first.hasMore).toBe(true);
    const second = (await app.inject({ method: "GET", url: "/users/?pageNumber=2", headers: bearer(token) })).json();
    expect(second.hasMore).toBe(false);
    expect(first.count).toBe(47);

    const found = (await app.inject({ method: "GET", url: "/users?searchParam=BUSCA", headers: bearer(token) })).json();
    expect(found.users.map((u: { name: string }) => u.name)).toEqual(["Zélia"]);
    const wildcard = (await app.inject({ method: "GET", url: "/users?searchParam=%25", headers: bearer(token) })).json();
    expect(wildcard.users).toHaveLength(0);

    const names = (await app.inject({ method: "GET", url: "/users/list", headers: bearer(token) })).json() as { name: string }[];
    expect(names.map((u) => u.name)).toContain("Zélia");
    expect(names.map((u) => u.name)).not.toContain("Zélia de Fora");
    expect(Object.keys(names[0]!)).toEqual(["id", "name"]);
  });

  it("keeps the users page for admins", async () => {
    const company = await createCompany(database.db);
    const agent = await createUser(database.db, company.id);
    const { token } = await login(app, agent.email, agent.password);
    expect((await app.inject({ method: "GET", url: "/users", headers: bearer(token) })).statusCode).toBe(403);
    expect((await app.inject({ method: "GET", url: "/users/list", headers: bearer(token) })).statusCode).toBe(200);
  });
});
