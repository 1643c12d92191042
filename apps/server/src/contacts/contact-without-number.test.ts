import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContactDetailView } from "@atendo/shared";
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

async function agent() {
  const company = await createCompany(database.db);
  const user = await createUser(database.db, company.id, { profile: "admin" });
  return bearer((await login(app, user.email, user.password)).token);
}

/** Core-service section 5: the contact form where the number is optional (POST /contacts: name, number, email, extraInfo). */
describe("a contact without a number", () => {
  it("is saved, marked as unable to chat, and refused a WhatsApp chat with ERR_WAPP_INVALID_CONTACT", async () => {
    const headers = await agent();
    const res = await app.inject({ method: "POST", url: "/contacts", headers, payload: { name: "Maria Sem Número", number: "", email: "maria@example.com", extraInfo: [] } });
    expect(res.statusCode).toBe(201);
    const contact = res.json<ContactDetailView & { alreadyExists: boolean; invalido: boolean }>();
    expect(contact).toMatchObject({ name: "Maria Sem Número", number: "", email: "maria@example.com", canChat: false, alreadyExists: false, invalido: false });

    // Without the field at all, and a second one: numberless contacts do not collide with each other.
    const second = await app.inject({ method: "POST", url: "/contacts", headers, payload: { name: "João" } });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ number: "", canChat: false });

    const ticket = await app.inject({ method: "POST", url: "/tickets", headers, payload: { contactId: contact.id, status: "open" } });
    expect(ticket.statusCode).toBe(400);
    expect(ticket.json()).toMatchObject({ error: "ERR_WAPP_INVALID_CONTACT" });

    // It may be edited without a number, and given one later (then it can chat).
    const kept = await app.inject({ method: "PUT", url: `/contacts/${contact.id}`, headers, payload: { name: "Maria", number: "", email: "" } });
    expect(kept.statusCode).toBe(200);
    const numbered = await app.inject({ method: "PUT", url: `/contacts/${contact.id}`, headers, payload: { name: "Maria", number: "5511987654321" } });
    expect(numbered.json()).toMatchObject({ number: "5511987654321", canChat: true });
    // A contact with a number keeps one.
    const cleared = await app.inject({ method: "PUT", url: `/contacts/${contact.id}`, headers, payload: { name: "Maria", number: "" } });
    expect(cleared.statusCode).toBe(400);
  });

  it("still checks a number that is given (8 to 50)", async () => {
    const headers = await agent();
    const res = await app.inject({ method: "POST", url: "/contacts", headers, payload: { name: "Ana", number: "1234" } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "ERR_VALIDATION", fields: [{ path: "body.number", message: "validation.tooShort" }] });
  });
});
