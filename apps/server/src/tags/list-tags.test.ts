import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_SIZE } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { contacts, tags, tickets, ticketTags } from "../db/schema.js";
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

async function agentOf(companyId: number) {
  const user = await createUser(database.db, companyId);
  return (await login(app, user.email, user.password)).token;
}
const get = (token: string, url: string) => app.inject({ method: "GET", url, headers: bearer(token) });

describe("GET /tags", () => {
  it("pages the company's tags by name with hasMore and count", async () => {
    const company = await createCompany(database.db);
    const other = await createCompany(database.db);
    const names = Array.from({ length: PAGE_SIZE + 5 }, (_v, i) => `Tag ${String(i).padStart(3, "0")}`);
    await database.db.insert(tags).values(names.map((name) => ({ companyId: company.id, name, color: "#123456" })));
    await database.db.insert(tags).values({ companyId: other.id, name: "Tag 000", color: "#123456" });
    const token = await agentOf(company.id);

    const first = (await get(token, "/tags/?pageNumber=1")).json();
    expect(first).toMatchObject({ count: PAGE_SIZE + 5, hasMore: true });
    expect(first.tags).toHaveLength(PAGE_SIZE);
    expect(first.tags[0]).toMatchObject({ name: "Tag 000", ticketsCount: 0 });
    const second = (await get(token, "/tags?pageNumber=2")).json();
    expect(second.tags.map((t: { name: string }) => t.name)).toEqual(names.slice(PAGE_SIZE));
    expect(second.hasMore).toBe(false);
  });

  it("searches by name without case, literally, ignoring a companyId", async () => {
    const company = await createCompany(database.db);
    const other = await createCompany(database.db);
    await database.db.insert(tags).values([
      { companyId: company.id, name: "Financeiro", color: "#000001" },
      { companyId: company.id, name: "Fin_100%", color: "#000002" },
      { companyId: company.id, name: "Suporte", color: "#000003" },
      { companyId: other.id, name: "Financeiro externo", color: "#000004" },
    ]);
    const token = await agentOf(company.id);
    const found = (await get(token, `/tags?searchParam=FIN&companyId=${other.id}`)).json();
    expect(found.tags.map((t: { name: string }) => t.name)).toEqual(["Fin_100%", "Financeiro"]);
    expect((await get(token, `/tags?searchParam=${encodeURIComponent("_100%")}`)).json().count).toBe(1);
    expect((await get(token, "/tags?searchParam=n_1")).json().count).toBe(1);
  });

  it("lists all tags for pickers and the kanban lanes", async () => {
    const company = await createCompany(database.db);
    await database.db.insert(tags).values([
      { companyId: company.id, name: "Proposta", color: "#000001", kanban: true },
      { companyId: company.id, name: "Avulsa", color: "#000002" },
      { companyId: company.id, name: "Fechado", color: "#000003", kanban: true },
    ]);
    const token = await agentOf(company.id);
    expect((await get(token, "/tags/list")).json().map((t: { name: string }) => t.name)).toEqual(["Avulsa", "Fechado", "Proposta"]);
    const kanban = (await get(token, "/tags/kanban")).json();
    expect(kanban.lista.map((t: { name: string }) => t.name)).toEqual(["Fechado", "Proposta"]);
  });

  it("counts the tickets carrying each tag", async () => {
    const company = await createCompany(database.db);
    const [hot, cold] = await database.db
      .insert(tags)
      .values([
        { companyId: company.id, name: "Quente", color: "#000011" },
        { companyId: company.id, name: "Fria", color: "#000012" },
      ])
      .returning();
    const [contact] = await database.db.insert(contacts).values({ companyId: company.id, name: "C", number: "5511990002222", canonicalNumber: "5511990002222" }).returning();
    const made = await database.db
      .insert(tickets)
      .values([0, 1, 2].map(() => ({ companyId: company.id, contactId: contact!.id, status: "closed" as const })))
      .returning();
    await database.db.insert(ticketTags).values([
      ...made.map((t) => ({ companyId: company.id, ticketId: t.id, tagId: hot!.id })),
      { companyId: company.id, ticketId: made[0]!.id, tagId: cold!.id },
    ]);
    const token = await agentOf(company.id);
    const counts = (list: { name: string; ticketsCount: number }[]) => Object.fromEntries(list.map((t) => [t.name, t.ticketsCount]));
    expect(counts((await get(token, "/tags")).json().tags)).toEqual({ Quente: 3, Fria: 1 });
    expect(counts((await get(token, "/tags/list")).json())).toEqual({ Quente: 3, Fria: 1 });
    expect((await get(token, `/tags/${hot!.id}`)).json().ticketsCount).toBe(3);
  });
});
