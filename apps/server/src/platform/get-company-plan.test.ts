import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CompanyPlanView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { createCompany, createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { signedIn, superAdmin } from "./test-support.js";

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

const listPlan = (headers: Record<string, string>, companyId: number | string) =>
  app.inject({ method: "GET", url: `/companies/listPlan/${companyId}`, headers });

describe("GET /companies/listPlan/{companyId}", () => {
  it("answers the caller's company's plan with its flags and limits, to any profile", async () => {
    const { company, headers } = await signedIn(app, database.db, { profile: "user", plan: { users: 3, connections: 2, queues: 4, useKanban: false } });
    const res = await listPlan(headers, company.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<CompanyPlanView>()).toMatchObject({
      id: company.id,
      name: company.name,
      plan: { id: company.planId, users: 3, connections: 2, queues: 4, useKanban: false, useCampaigns: true, useInternal: true },
    });
  });

  it("hides another company's plan from its non-super users (404), but not from super users", async () => {
    const other = await createCompany(database.db);
    const { headers } = await signedIn(app, database.db, { profile: "admin" });
    const refused = await listPlan(headers, other.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: "ERR_NO_COMPANY_FOUND" });
    const { headers: asSuper } = await superAdmin(app, database.db);
    expect((await listPlan(asSuper, other.id)).json<CompanyPlanView>().plan?.id).toBe(other.planId);
    expect((await listPlan(asSuper, 2_000_000_000)).statusCode).toBe(404);
    expect((await listPlan(asSuper, "abc")).statusCode).toBe(400);
  });
});
