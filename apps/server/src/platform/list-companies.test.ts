import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CompanyPage, PlatformCompanyView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { createCompany, createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { superAdmin, unique } from "./test-support.js";

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

describe("GET /companies and /companies/list", () => {
  it("searches companies by name or e-mail, with their plan, a page at a time", async () => {
    const { headers } = await superAdmin(app, database.db);
    const tag = unique();
    const byName = await createCompany(database.db, { name: `Mercado ${tag}`, email: "m@m.test", dueDate: "2030-01-01" });
    const byEmail = await createCompany(database.db, { name: `Outra ${unique()}`, email: `financeiro-${tag}@x.test` });
    await createCompany(database.db, { name: `Nada ${unique()}` });
    const res = await app.inject({ method: "GET", url: `/companies?searchParam=${tag.toUpperCase()}&pageNumber=1`, headers });
    expect(res.statusCode).toBe(200);
    const page = res.json<CompanyPage>();
    expect(page.count).toBe(2);
    expect(page.hasMore).toBe(false);
    expect(page.companies.map((c) => c.id).sort()).toEqual([byName.id, byEmail.id].sort());
    expect(page.companies.find((c) => c.id === byName.id)).toMatchObject({
      name: `Mercado ${tag}`,
      email: "m@m.test",
      dueDate: "2030-01-01",
      recurrence: "MENSAL",
      status: true,
      approved: true,
      plan: { id: byName.planId, name: expect.stringMatching(/^Plan /) },
    });
    // Search text is literal: a % matches only a %.
    expect((await app.inject({ method: "GET", url: "/companies?searchParam=%25%25", headers })).json<CompanyPage>().count).toBe(0);
  });

  it("lists every company by name", async () => {
    const { headers } = await superAdmin(app, database.db);
    const tag = unique();
    const beta = await createCompany(database.db, { name: `Beta ${tag}` });
    const alfa = await createCompany(database.db, { name: `Alfa ${tag}` });
    const res = await app.inject({ method: "GET", url: "/companies/list", headers });
    expect(res.statusCode).toBe(200);
    const ids = res.json<PlatformCompanyView[]>().map((c) => c.id);
    expect(ids.indexOf(alfa.id)).toBeGreaterThan(-1);
    expect(ids.indexOf(alfa.id)).toBeLessThan(ids.indexOf(beta.id));
  });
});
