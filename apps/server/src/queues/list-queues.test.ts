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

describe("GET /queue", () => {
  it("lists the company's queues to everyone in it, by order then name, ignoring a companyId in the query", async () => {
    const company = await createCompany(database.db);
    const other = await createCompany(database.db);
    await database.db.insert(queues).values([
      { companyId: company.id, name: "Zeta", color: "#000001", orderQueue: 1 },
      { companyId: company.id, name: "Beta", color: "#000002" },
      { companyId: company.id, name: "Alfa", color: "#000003" },
      { companyId: company.id, name: "Gama", color: "#000004", orderQueue: 2 },
      { companyId: other.id, name: "Alheia", color: "#000005", orderQueue: 0 },
    ]);
    const agent = await createUser(database.db, company.id);
    const { token } = await login(app, agent.email, agent.password);
    const res = await app.inject({ method: "GET", url: `/queue?companyId=${other.id}`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((q: { name: string }) => q.name)).toEqual(["Zeta", "Gama", "Alfa", "Beta"]);
    // A queue stored without working hours reads as the defaults.
    expect(res.json()[0].schedules).toHaveLength(7);
    const one = await app.inject({ method: "GET", url: `/queue/${res.json()[0].id}`, headers: bearer(token) });
    expect(one.json()).toMatchObject({ name: "Zeta", orderQueue: 1 });
  });
});
