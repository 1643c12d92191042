import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { companyEvent, type ContactListPage, type ContactListView } from "@atendo/shared";
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

async function agentOf(plan: { useCampaigns?: boolean } = {}) {
  const company = await createCompany(database.db, {}, plan);
  const user = await createUser(database.db, company.id);
  return { company, headers: bearer((await login(app, user.email, user.password)).token) };
}

describe("contact lists", () => {
  it("creates, renames, searches and deletes a list, telling the company each time", async () => {
    const { company, headers } = await agentOf();
    const toCompany = vi.spyOn(app.deps.realtime, "toCompany");
    const created = await app.inject({ method: "POST", url: "/contact-lists", headers, payload: { name: "Clientes VIP" } });
    expect(created.statusCode).toBe(201);
    const list = created.json<ContactListView>();
    expect(list).toMatchObject({ name: "Clientes VIP", contactsCount: 0, companyId: company.id });
    expect(toCompany).toHaveBeenCalledWith(company.id, companyEvent.contactList(company.id), { action: "create", record: list });
    await app.inject({ method: "POST", url: "/contact-lists", headers, payload: { name: "Fornecedores" } });

    const renamed = await app.inject({ method: "PUT", url: `/contact-lists/${list.id}`, headers, payload: { name: "Clientes Ouro" } });
    expect(renamed.json()).toMatchObject({ id: list.id, name: "Clientes Ouro" });

    const found = (await app.inject({ method: "GET", url: "/contact-lists?searchParam=ouro", headers })).json<ContactListPage>();
    expect(found.records.map((r) => r.name)).toEqual(["Clientes Ouro"]);
    expect(found).toMatchObject({ count: 1, hasMore: false });
    const options = (await app.inject({ method: "GET", url: "/contact-lists/list", headers })).json<ContactListView[]>();
    expect(options.map((r) => r.name)).toEqual(["Clientes Ouro", "Fornecedores"]);

    const deleted = await app.inject({ method: "DELETE", url: `/contact-lists/${list.id}`, headers });
    expect(deleted.statusCode).toBe(204);
    expect(toCompany).toHaveBeenCalledWith(company.id, companyEvent.contactList(company.id), { action: "delete", id: list.id });
    expect((await app.inject({ method: "GET", url: `/contact-lists/${list.id}`, headers })).statusCode).toBe(404);
    toCompany.mockRestore();
  });

  it("validates the name as the form does (2 to 50)", async () => {
    const { headers } = await agentOf();
    for (const [name, message] of [["", "validation.required"], ["A", "validation.tooShort"], ["x".repeat(51), "validation.tooLong"]]) {
      const res = await app.inject({ method: "POST", url: "/contact-lists", headers, payload: { name } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe("ERR_VALIDATION");
      expect(res.json().fields[0]).toEqual({ path: "body.name", message });
    }
  });

  it("answers another company's list as not found", async () => {
    const mine = await agentOf();
    const other = await agentOf();
    const theirs = (await app.inject({ method: "POST", url: "/contact-lists", headers: other.headers, payload: { name: "Deles" } })).json<ContactListView>();
    for (const [method, url, payload] of [
      ["GET", `/contact-lists/${theirs.id}`, undefined],
      ["PUT", `/contact-lists/${theirs.id}`, { name: "Minha" }],
      ["DELETE", `/contact-lists/${theirs.id}`, undefined],
      ["GET", `/contact-list-items?contactListId=${theirs.id}`, undefined],
      ["POST", "/contact-list-items", { name: "Intruso", number: "5511987654321", contactListId: theirs.id }],
    ] as const) {
      const res = await app.inject({ method, url, headers: mine.headers, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await app.inject({ method: "GET", url: `/contact-lists/${theirs.id}`, headers: other.headers })).json()).toMatchObject({ name: "Deles" });
  });

  it("is refused (403, the plan flag named) to a company whose plan has no campaigns", async () => {
    const { headers } = await agentOf({ useCampaigns: false });
    for (const [method, url, payload] of [
      ["GET", "/contact-lists", undefined],
      ["GET", "/contact-lists/list", undefined],
      ["GET", "/contact-lists/example.xlsx", undefined],
      ["POST", "/contact-lists", { name: "Lista" }],
      ["GET", "/contact-list-items?contactListId=1", undefined],
      ["POST", "/contact-list-items", { name: "Maria", number: "5511987654321", contactListId: 1 }],
    ] as const) {
      const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ error: "ERR_PLAN_FEATURE_DISABLED", details: { flag: "useCampaigns" } });
    }
  });
});
