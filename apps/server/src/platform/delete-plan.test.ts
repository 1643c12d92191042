import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { PlanRecord } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { companies, plans } from "../db/schema.js";
import { createCompany, createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { superAdmin, unique } from "./test-support.js";

let database: Database;
let app: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  headers = (await superAdmin(app, database.db)).headers;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const call = (method: string, url: string, payload?: unknown, withSession = true) =>
  app.inject({ method: method as never, url, headers: withSession ? headers : {}, payload: payload as object });
const planBody = (overrides: Record<string, unknown> = {}) => ({ name: `Plano ${unique()}`, users: 3, connections: 1, queues: 2, value: "49,90", ...overrides });

describe("DELETE /plans/{id}", () => {
  it("deletes an unused plan, and refuses one companies use with ERR_PLAN_IN_USE", async () => {
    const unused = (await call("POST", "/plans", planBody())).json<PlanRecord>();
    expect((await call("DELETE", `/plans/${unused.id}`)).statusCode).toBe(204);
    expect((await call("GET", `/plans/${unused.id}`)).statusCode).toBe(404);

    const company = await createCompany(database.db);
    const refused = await call("DELETE", `/plans/${company.planId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: "ERR_PLAN_IN_USE", details: { companies: 1 } });
    expect(await database.db.select({ id: plans.id }).from(plans).where(eq(plans.id, company.planId!))).toHaveLength(1);
    // Once the company moved to another plan, it can go.
    await database.db.update(companies).set({ planId: null }).where(eq(companies.id, company.id));
    expect((await call("DELETE", `/plans/${company.planId}`)).statusCode).toBe(204);
    expect((await call("DELETE", `/plans/${company.planId}`)).json()).toEqual({ error: "ERR_NO_PLAN_FOUND" });
  });
});
