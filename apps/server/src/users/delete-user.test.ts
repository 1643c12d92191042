import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

describe("DELETE /users/{id}", () => {
  it("removes the user and ends their sessions", async () => {
    const company = await createCompany(database.db);
    const admin = await createUser(database.db, company.id, { profile: "admin" });
    const user = await createUser(database.db, company.id);
    const { token } = await login(app, admin.email, admin.password);
    const victim = await login(app, user.email, user.password);
    const res = await app.inject({ method: "DELETE", url: `/users/${user.id}`, headers: bearer(token) });
    expect(res.statusCode).toBe(204);
    expect((await app.inject({ method: "GET", url: "/auth/me", headers: bearer(victim.token) })).statusCode).toBe(401);
    expect((await app.inject({ method: "GET", url: `/users/${user.id}`, headers: bearer(token) })).statusCode).toBe(404);
  });

  it("refuses deleting oneself and agents deleting anyone", async () => {
    const company = await createCompany(database.db);
    const admin = await createUser(database.db, company.id, { profile: "admin" });
    const agent = await createUser(database.db, company.id);
    const adminToken = (await login(app, admin.email, admin.password)).token;
    expect((await app.inject({ method: "DELETE", url: `/users/${admin.id}`, headers: bearer(adminToken) })).statusCode).toBe(403);
    const agentToken = (await login(app, agent.email, agent.password)).token;
    expect((await app.inject({ method: "DELETE", url: `/users/${admin.id}`, headers: bearer(agentToken) })).statusCode).toBe(403);
  });
});
