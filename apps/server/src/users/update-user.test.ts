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

const put = (token: string, id: number, payload: Record<string, unknown>) =>
  app.inject({ method: "PUT", url: `/users/${id}`, headers: bearer(token), payload });

describe("PUT /users/{id}", () => {
  it("lets a user edit their own name, e-mail and password", async () => {
    const company = await createCompany(database.db);
    const user = await createUser(database.db, company.id);
    const { token } = await login(app, user.email, user.password);
    const res = await put(token, user.id, { name: "Novo Nome", email: "NOVO@Empresa.test", password: "outra1" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, name: "Novo Nome", email: "novo@empresa.test", profile: "user" });
    expect(res.body).not.toContain("password");
    await login(app, "novo@empresa.test", "outra1");
  });

  it("does not let a user raise their own profile or allTicket", async () => {
    const company = await createCompany(database.db);
    const user = await createUser(database.db, company.id);
    const { token } = await login(app, user.email, user.password);
    for (const change of [{ profile: "admin" }, { profile: "supervisor" }, { allTicket: "enabled" }]) {
      const res = await put(token, user.id, { name: user.name, email: user.email, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(403);
      expect(res.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    }
    // Nor make themselves super: the field is not part of the form at all.
    const superRes = await put(token, user.id, { name: user.name, email: user.email, super: true });
    expect(superRes.statusCode).toBe(400);
    const me = await app.inject({ method: "GET", url: "/auth/me", headers: bearer(token) });
    expect(me.json()).toMatchObject({ profile: "user", allTicket: "desabled", super: false });
  });

  it("does not let a user change their own queues, but lets an admin", async () => {
    const company = await createCompany(database.db);
    const admin = await createUser(database.db, company.id, { profile: "admin" });
    const user = await createUser(database.db, company.id);
    const { queues } = await import("../db/schema.js");
    const [queue] = await database.db.insert(queues).values({ companyId: company.id, name: "Suporte", color: "#0000ff" }).returning();
    const { token } = await login(app, user.email, user.password);
    const self = await put(token, user.id, { name: user.name, email: user.email, queueIds: [queue!.id] });
    expect(self.statusCode).toBe(403);
    const adminToken = (await login(app, admin.email, admin.password)).token;
    const byAdmin = await put(adminToken, user.id, { name: user.name, email: user.email, queueIds: [queue!.id] });
    expect(byAdmin.json().queues).toEqual([{ id: queue!.id, name: "Suporte", color: "#0000ff" }]);
    // Sending back the same queues is not a change, so the user's own profile form still saves.
    const same = await put(token, user.id, { name: "Outro Nome", email: user.email, queueIds: [queue!.id] });
    expect(same.statusCode).toBe(200);
  });

  it("lets only admins set a user's default connection, and only to one of the company's", async () => {
    const company = await createCompany(database.db);
    const other = await createCompany(database.db);
    const admin = await createUser(database.db, company.id, { profile: "admin" });
    const user = await createUser(database.db, company.id);
    const { whatsapps } = await import("../db/schema.js");
    const [own] = await database.db.insert(whatsapps).values({ companyId: company.id, name: "Principal", provider: "simulator" }).returning();
    const [foreign] = await database.db.insert(whatsapps).values({ companyId: other.id, name: "Alheia", provider: "simulator" }).returning();
    const userToken = (await login(app, user.email, user.password)).token;
    expect((await put(userToken, user.id, { name: user.name, email: user.email, whatsappId: own!.id })).json()).toEqual({ error: "ERR_NO_PERMISSION" });
    const adminToken = (await login(app, admin.email, admin.password)).token;
    const denied = await put(adminToken, user.id, { name: user.name, email: user.email, whatsappId: foreign!.id });
    expect(denied.statusCode).toBe(400);
    expect(denied.json()).toEqual({ error: "ERR_VALIDATION", fields: [{ path: "body.whatsappId", message: "validation.invalid" }] });
    const set = await put(adminToken, user.id, { name: user.name, email: user.email, whatsappId: own!.id });
    expect(set.json()).toMatchObject({ whatsappId: own!.id });
    // The user's own profile form, sending the same connection back, still saves.
    expect((await put(userToken, user.id, { name: "Novo", email: user.email, whatsappId: own!.id })).statusCode).toBe(200);
    const cleared = await put(adminToken, user.id, { name: "Novo", email: user.email, whatsappId: null });
    expect(cleared.json()).toMatchObject({ whatsappId: null });
  });

  it("does not let a user edit or read a colleague", async () => {
    const company = await createCompany(database.db);
    const user = await createUser(database.db, company.id);
    const colleague = await createUser(database.db, company.id);
    const { token } = await login(app, user.email, user.password);
    expect((await put(token, colleague.id, { name: "X y", email: colleague.email })).statusCode).toBe(403);
    expect((await app.inject({ method: "GET", url: `/users/${colleague.id}`, headers: bearer(token) })).statusCode).toBe(403);
  });

  it("lets an admin change a user's profile and allTicket", async () => {
    const company = await createCompany(database.db);
    const admin = await createUser(database.db, company.id, { profile: "admin" });
    const user = await createUser(database.db, company.id);
    const { token } = await login(app, admin.email, admin.password);
    const res = await put(token, user.id, { name: user.name, email: user.email, profile: "supervisor", allTicket: "enabled" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ profile: "supervisor", allTicket: "enabled" });
  });

  it("refuses an e-mail another user already has, in any company", async () => {
    const company = await createCompany(database.db);
    const other = await createCompany(database.db);
    const user = await createUser(database.db, company.id);
    const taken = await createUser(database.db, other.id);
    const { token } = await login(app, user.email, user.password);
    const res = await put(token, user.id, { name: user.name, email: taken.email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "ERR_EMAIL_ALREADY_EXISTS" });
  });

  it("validates the form with the shared messages", async () => {
    const company = await createCompany(database.db);
    const user = await createUser(database.db, company.id);
    const { token } = await login(app, user.email, user.password);
    const res = await put(token, user.id, { name: "A", email: "nope", password: "123" });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual(
      expect.arrayContaining([
        { path: "body.name", message: "validation.tooShort" },
        { path: "body.email", message: "validation.invalidEmail" },
        { path: "body.password", message: "validation.passwordTooShort" },
      ]),
    );
  });
});
