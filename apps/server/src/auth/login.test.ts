import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { queues, userQueues } from "../db/schema.js";
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

const postLogin = (email: string, password: string) =>
  app.inject({ method: "POST", url: "/auth/login", payload: { email, password } });

describe("POST /auth/login", () => {
  it("signs in with the e-mail in any case and answers token, session and user with company", async () => {
    const company = await createCompany(database.db, { dueDate: "2099-12-31" });
    const user = await createUser(database.db, company.id, { email: "maria@empresa.test", password: "s3nha-forte" });
    const res = await postLogin("  Maria@Empresa.TEST ", "s3nha-forte");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({ id: user.id, companyId: company.id, email: "maria@empresa.test" });
    expect(body.user.company).toMatchObject({ id: company.id, dueDate: "2099-12-31" });
    expect(body.user.company.settings).toContainEqual({ key: "userRating", value: "disabled" });
    expect(JSON.stringify(body)).not.toContain("passwordHash");
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toMatch(/jrt=[^;]+;/);
    expect(cookie).toMatch(/HttpOnly/i);
    const me = await app.inject({ method: "GET", url: "/auth/me", headers: bearer(body.token) });
    expect(me.json()).toMatchObject({ id: user.id, name: user.name });
  });

  it("carries the user's own queues (the tickets screen limits its queue filter to them)", async () => {
    const company = await createCompany(database.db);
    const other = await createCompany(database.db);
    const user = await createUser(database.db, company.id);
    const [vendas] = await database.db
      .insert(queues)
      .values([
        { companyId: company.id, name: "Vendas", color: "#1976d2" },
        { companyId: company.id, name: "Suporte", color: "#d32f2f" },
      ])
      .returning();
    await database.db.insert(queues).values({ companyId: other.id, name: "Alheia", color: "#000000" });
    await database.db.insert(userQueues).values({ companyId: company.id, userId: user.id, queueId: vendas!.id });
    const session = await login(app, user.email, user.password);
    expect(session.user.queues).toEqual([{ id: vendas!.id, name: "Vendas", color: "#1976d2" }]);
    const me = await app.inject({ method: "GET", url: "/auth/me", headers: bearer(session.token) });
    expect(me.json().queues).toEqual([{ id: vendas!.id, name: "Vendas", color: "#1976d2" }]);
  });

  it("refuses a wrong password and an unknown e-mail alike", async () => {
    const company = await createCompany(database.db);
    const user = await createUser(database.db, company.id);
    for (const res of [await postLogin(user.email, "wrong-password"), await postLogin("nobody@nowhere.test", "whatever")]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: "ERR_INVALID_CREDENTIALS" });
    }
  });

  it("refuses a company that is not approved", async () => {
    const company = await createCompany(database.db, { approved: false });
    const user = await createUser(database.db, company.id);
    const res = await postLogin(user.email, user.password);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: "ERR_COMPANY_NOT_APPROVED" });
  });

  it("refuses an inactive company", async () => {
    const company = await createCompany(database.db, { status: false });
    const user = await createUser(database.db, company.id);
    const res = await postLogin(user.email, user.password);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: "ERR_COMPANY_INACTIVE" });
  });

  it("refuses a company whose due date has passed, naming the date", async () => {
    const company = await createCompany(database.db, { dueDate: "2024-01-31" });
    const user = await createUser(database.db, company.id);
    const res = await postLogin(user.email, user.password);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: "ERR_SUBSCRIPTION_EXPIRED", details: { dueDate: "2024-01-31" } });
  });

  it("still lets a company in on its due date", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const company = await createCompany(database.db, { dueDate: today });
    const user = await createUser(database.db, company.id);
    expect((await postLogin(user.email, user.password)).statusCode).toBe(200);
  });

  it("answers a malformed body with field errors, not a 500", async () => {
    const res = await app.inject({ method: "POST", url: "/auth/login", payload: { email: "not-an-email" } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: "ERR_VALIDATION",
      fields: expect.arrayContaining([
        { path: "body.email", message: "validation.invalidEmail" },
        { path: "body.password", message: "validation.required" },
      ]),
    });
  });

  it("ends the session of an expired company on its next request", async () => {
    const company = await createCompany(database.db, { dueDate: "2099-01-01" });
    const user = await createUser(database.db, company.id);
    const session = await login(app, user.email, user.password);
    const { companies } = await import("../db/schema.js");
    const { eq } = await import("drizzle-orm");
    await database.db.update(companies).set({ dueDate: "2020-01-01" }).where(eq(companies.id, company.id));
    const res = await app.inject({ method: "GET", url: "/auth/me", headers: bearer(session.token) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: "ERR_SUBSCRIPTION_EXPIRED", details: { dueDate: "2020-01-01" } });
  });
});

describe("login rate limits", () => {
  it("locks an e-mail after repeated failures, even with the right password, and says when to retry", async () => {
    const limited = await createTestApp(database, { loginRateLimitPerEmail: 3 });
    try {
      const company = await createCompany(database.db);
      const user = await createUser(database.db, company.id);
      for (let i = 0; i < 3; i++) {
        const res = await limited.inject({ method: "POST", url: "/auth/login", payload: { email: user.email, password: "bad" } });
        expect(res.statusCode).toBe(401);
      }
      const blocked = await limited.inject({ method: "POST", url: "/auth/login", payload: { email: user.email, password: user.password } });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toBe("ERR_TOO_MANY_REQUESTS");
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
      // Another e-mail from the same address is not affected by this one's failures.
      const other = await createUser(database.db, company.id);
      const ok = await limited.inject({ method: "POST", url: "/auth/login", payload: { email: other.email, password: other.password } });
      expect(ok.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("lets no more than the limit of parallel wrong passwords be checked for one e-mail", async () => {
    const limited = await createTestApp(database, { loginRateLimitPerEmail: 10 });
    try {
      const company = await createCompany(database.db);
      const user = await createUser(database.db, company.id);
      const answers = await Promise.all(
        Array.from({ length: 17 }, (_, i) =>
          limited.inject({ method: "POST", url: "/auth/login", payload: { email: i % 2 ? user.email : user.email.toUpperCase(), password: `bad-${i}` } }),
        ),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    } finally {
      await limited.close();
    }
  });

  it("limits attempts per IP address", async () => {
    const limited = await createTestApp(database, { loginRateLimitPerIp: 2 });
    try {
      const attempt = () => limited.inject({ method: "POST", url: "/auth/login", payload: { email: "x@y.test", password: "bad" } });
      expect((await attempt()).statusCode).toBe(401);
      expect((await attempt()).statusCode).toBe(401);
      const third = await attempt();
      expect(third.statusCode).toBe(429);
      expect(third.json().error).toBe("ERR_TOO_MANY_REQUESTS");
    } finally {
      await limited.close();
    }
  });
});
