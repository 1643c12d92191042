import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { quickMessages } from "../db/schema.js";
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

describe("GET /quick-messages/list", () => {
  it("lists the company's general messages and the caller's own, whatever companyId and userId say", async () => {
    const company = await createCompany(database.db);
    const other = await createCompany(database.db);
    const me = await createUser(database.db, company.id);
    const colleague = await createUser(database.db, company.id, { profile: "admin" });
    const stranger = await createUser(database.db, other.id);
    await database.db.insert(quickMessages).values([
      { companyId: company.id, userId: me.id, shortcode: "meu", message: "pessoal" },
      { companyId: company.id, userId: colleague.id, shortcode: "dele", message: "do colega" },
      { companyId: company.id, userId: colleague.id, shortcode: "boasvindas", message: "Bem-vindo", geral: true },
      { companyId: other.id, userId: stranger.id, shortcode: "alheio", message: "outra empresa", geral: true },
    ]);
    const { token } = await login(app, me.email, me.password);
    const res = await app.inject({
      method: "GET",
      url: `/quick-messages/list?companyId=${other.id}&userId=${colleague.id}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((m: { shortcode: string }) => m.shortcode)).toEqual(["boasvindas", "meu"]);

    const search = await app.inject({ method: "GET", url: "/quick-messages/list?searchParam=BEM", headers: bearer(token) });
    expect(search.json().map((m: { shortcode: string }) => m.shortcode)).toEqual(["boasvindas"]);

    // Admins see general messages and their own too, not colleagues' personal ones.
    const adminToken = (await login(app, colleague.email, colleague.password)).token;
    const adminList = await app.inject({ method: "GET", url: "/quick-messages/list", headers: bearer(adminToken) });
    expect(adminList.json().map((m: { shortcode: string }) => m.shortcode)).toEqual(["boasvindas", "dele"]);
  });
});
