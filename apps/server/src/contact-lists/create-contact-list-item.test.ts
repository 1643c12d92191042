import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { companyEvent, type ContactListItemPage, type ContactListItemView, type ContactListView } from "@atendo/shared";
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

async function listOf() {
  const company = await createCompany(database.db);
  const user = await createUser(database.db, company.id);
  const headers = bearer((await login(app, user.email, user.password)).token);
  const list = (await app.inject({ method: "POST", url: "/contact-lists", headers, payload: { name: "Clientes" } })).json<ContactListView>();
  const add = (payload: Record<string, unknown>, listId = list.id) =>
    app.inject({ method: "POST", url: "/contact-list-items", headers, payload: { contactListId: listId, ...payload } });
  return { company, headers, list, add };
}

describe("contact list items", () => {
  it("stores the number normalised and tells the company about the item and the list's new count", async () => {
    const { company, list, add, headers } = await listOf();
    const toCompany = vi.spyOn(app.deps.realtime, "toCompany");
    const res = await add({ name: "Maria", number: "+55 (11) 8765-4321", email: "Maria@Exemplo.com", companyId: 999 });
    expect(res.statusCode).toBe(201);
    const item = res.json<ContactListItemView>();
    // The old Brazilian mobile form gains its ninth digit; the e-mail is lowercased; companyId comes from the session.
    expect(item).toMatchObject({ name: "Maria", number: "5511987654321", email: "maria@exemplo.com", isWhatsappValid: null, companyId: company.id, contactListId: list.id });
    expect(toCompany).toHaveBeenCalledWith(company.id, companyEvent.contactListItem(company.id), { action: "create", record: item });
    expect(toCompany).toHaveBeenCalledWith(company.id, companyEvent.contactList(company.id), { action: "update", record: expect.objectContaining({ id: list.id, contactsCount: 1 }) });
    toCompany.mockRestore();
    expect((await app.inject({ method: "GET", url: `/contact-lists/${list.id}`, headers })).json()).toMatchObject({ contactsCount: 1 });
  });

  it("keeps a number once per list, whichever way it is written, but lets another list have it", async () => {
    const { add, headers } = await listOf();
    expect((await add({ name: "Maria", number: "5511987654321" })).statusCode).toBe(201);
    for (const number of ["5511987654321", "(11) 98765-4321", "551187654321"]) {
      const again = await add({ name: "Maria de novo", number });
      expect(again.statusCode, number).toBe(409);
      expect(again.json()).toEqual({ error: "ERR_DUPLICATED_CONTACT" });
    }
    const other = (await app.inject({ method: "POST", url: "/contact-lists", headers, payload: { name: "Outra" } })).json<ContactListView>();
    expect((await add({ name: "Maria", number: "5511987654321" }, other.id)).statusCode).toBe(201);

    // An edit onto a number the list already has is refused the same way.
    const joao = (await add({ name: "João", number: "5521998765432" })).json<ContactListItemView>();
    const clash = await app.inject({ method: "PUT", url: `/contact-list-items/${joao.id}`, headers, payload: { name: "João", number: "5511987654321", email: "" } });
    expect(clash.statusCode).toBe(409);
  });

  it("validates as the form does: name 2 to 50, number 8 to 50 and a real one, a valid e-mail", async () => {
    const { add } = await listOf();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "M", number: "5511987654321" }, "body.name", "validation.tooShort"],
      [{ name: "Maria", number: "1234567" }, "body.number", "validation.tooShort"],
      [{ name: "Maria", number: "99999999" }, "body.number", "validation.invalidNumber"],
      [{ name: "Maria", number: "5511987654321", email: "maria@" }, "body.email", "validation.invalidEmail"],
    ];
    for (const [payload, path, message] of cases) {
      const res = await add(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields[0]).toEqual({ path, message });
    }
  });

  it("edits, searches and deletes items; an edited number is checked again", async () => {
    const { company, add, headers, list } = await listOf();
    const maria = (await add({ name: "Maria", number: "5511987654321" })).json<ContactListItemView>();
    await add({ name: "João", number: "5521998765432", email: "joao@exemplo.com" });
    const page = async (q: string) =>
      (await app.inject({ method: "GET", url: `/contact-list-items?contactListId=${list.id}&searchParam=${encodeURIComponent(q)}`, headers })).json<ContactListItemPage>();
    expect((await page("")).contacts.map((c) => c.name)).toEqual(["João", "Maria"]);
    expect((await page("joao@")).contacts.map((c) => c.name)).toEqual(["João"]);
    expect((await page("98765-4321")).contacts.map((c) => c.name)).toEqual(["Maria"]);

    const edited = await app.inject({ method: "PUT", url: `/contact-list-items/${maria.id}`, headers, payload: { name: "Maria Silva", number: "5511912345678", email: "" } });
    expect(edited.json()).toMatchObject({ name: "Maria Silva", number: "5511912345678", isWhatsappValid: null });

    const toCompany = vi.spyOn(app.deps.realtime, "toCompany");
    expect((await app.inject({ method: "DELETE", url: `/contact-list-items/${maria.id}`, headers })).statusCode).toBe(204);
    expect(toCompany).toHaveBeenCalledWith(company.id, companyEvent.contactListItem(company.id), { action: "delete", id: maria.id, contactListId: list.id });
    toCompany.mockRestore();
    expect((await app.inject({ method: "GET", url: `/contact-list-items/${maria.id}`, headers })).statusCode).toBe(404);
    expect((await page("")).count).toBe(1);
  });
});
