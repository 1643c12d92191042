import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { PlatformCompanyView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { companies, users } from "../db/schema.js";
import { createCompany, createTestApp, createTestDatabase, createUser, login, type TestApp } from "../test/helpers.js";
import { signedIn, superAdmin, unique } from "./test-support.js";

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

const post = (headers: Record<string, string>, payload: unknown) => app.inject({ method: "POST", url: "/companies", headers, payload: payload as object });
const planOf = async () => (await createCompany(database.db)).planId!;

describe("POST /companies", () => {
  it("creates a company with its first admin, who can then sign in to it", async () => {
    const { headers } = await superAdmin(app, database.db);
    const planId = await planOf();
    const name = `Loja ${unique()}`;
    const email = `dono-${unique()}@loja.test`;
    const res = await post(headers, {
      name,
      email: email.toUpperCase(),
      phone: "(11) 99999-0000",
      planId,
      password: "segredo1",
      adminName: "Dona Maria",
      dueDate: "2030-01-31",
      recurrence: "MENSAL",
    });
    expect(res.statusCode).toBe(201);
    const company = res.json<PlatformCompanyView>();
    expect(company).toMatchObject({
      name,
      email,
      phone: "(11) 99999-0000",
      planId,
      plan: { id: planId },
      status: true,
      approved: true,
      dueDate: "2030-01-31",
      recurrence: "MENSAL",
      campaignsEnabled: true,
      isPlatform: false,
    });
    const session = await login(app, email, "segredo1");
    expect(session.user).toMatchObject({ name: "Dona Maria", profile: "admin", super: false, companyId: company.id });
  });

  it("uses a separate admin e-mail when given, and the company's name for the admin by default", async () => {
    const { headers } = await superAdmin(app, database.db);
    const name = `Padaria ${unique()}`;
    const adminEmail = `gerente-${unique()}@padaria.test`;
    const res = await post(headers, { name, email: `contato-${unique()}@padaria.test`, planId: await planOf(), password: "segredo1", adminEmail });
    expect(res.statusCode).toBe(201);
    const [admin] = await database.db.select().from(users).where(eq(users.email, adminEmail));
    expect(admin).toMatchObject({ name, profile: "admin", companyId: res.json<PlatformCompanyView>().id });
  });

  it("refuses a taken company name (any case) with ERR_COMPANY_NAME_ALREADY_EXISTS", async () => {
    const { headers } = await superAdmin(app, database.db);
    const existing = await createCompany(database.db);
    const res = await post(headers, { name: existing.name.toUpperCase(), email: `x-${unique()}@y.test`, planId: existing.planId, password: "segredo1" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "ERR_COMPANY_NAME_ALREADY_EXISTS" });
  });

  it("refuses an admin e-mail another user has, leaving no half-made company", async () => {
    const { headers } = await superAdmin(app, database.db);
    const other = await createCompany(database.db);
    const taken = await createUser(database.db, other.id);
    const name = `Sem dono ${unique()}`;
    const res = await post(headers, { name, email: taken.email, planId: other.planId, password: "segredo1" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "ERR_EMAIL_ALREADY_EXISTS" });
    expect(await database.db.select().from(companies).where(eq(companies.name, name))).toEqual([]);
  });

  it("validates e-mail, plan and password, and refuses a plan that does not exist", async () => {
    const { headers } = await superAdmin(app, database.db);
    const noEmail = await post(headers, { name: `A ${unique()}`, planId: await planOf(), password: "segredo1" });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().fields).toContainEqual({ path: "body.email", message: "validation.required" });
    const noPlan = await post(headers, { name: `B ${unique()}`, email: "b@b.test", password: "segredo1" });
    expect(noPlan.json().fields).toContainEqual({ path: "body.planId", message: "validation.invalid" });
    const badDate = await post(headers, { name: `C ${unique()}`, email: "c@c.test", planId: await planOf(), password: "segredo1", dueDate: "2030-02-31" });
    expect(badDate.json().fields).toContainEqual({ path: "body.dueDate", message: "validation.invalid" });
    const badRecurrence = await post(headers, { name: `D ${unique()}`, email: "d@d.test", planId: await planOf(), password: "segredo1", recurrence: "SEMANAL" });
    expect(badRecurrence.statusCode).toBe(400);
    const result = await database.db.execute(sql`select coalesce(max(id), 0) + 1000 as max from plans`);
    const [{ max }] = (result as unknown as { rows: [{ max: number }] }).rows;
    const ghostPlan = await post(headers, { name: `E ${unique()}`, email: "e@e.test", planId: Number(max), password: "segredo1" });
    expect(ghostPlan.statusCode).toBe(400);
    expect(ghostPlan.json()).toEqual({ error: "ERR_VALIDATION", fields: [{ path: "body.planId", message: "validation.invalid" }] });
  });

  it("is for super users only", async () => {
    const { headers } = await signedIn(app, database.db, { profile: "admin" });
    const res = await post(headers, { name: `F ${unique()}`, email: "f@f.test", planId: await planOf(), password: "segredo1" });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: "ERR_NO_PERMISSION" });
  });
});
