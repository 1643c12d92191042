import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { createCompany, createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { makeContact, makeTicket, ticketsCompany } from "./ticket-test-support.js";

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

describe("GET /tickets/{id} and /tickets/u/{uuid}", () => {
  it("answers the ticket with its contact to those who may see it, 403 to the others, 404 across companies", async () => {
    const t = await ticketsCompany(app, database.db);
    const contact = await makeContact(database.db, t.company.id, { name: "Maria" });
    const ticket = await makeTicket(database.db, { companyId: t.company.id, contactId: contact.id, whatsappId: t.connection.id, status: "pending", queueId: t.queueA.id });
    for (const url of [`/tickets/${ticket.id}`, `/tickets/u/${ticket.uuid}`]) {
      const ok = await app.inject({ method: "GET", url, headers: t.asA });
      expect(ok.statusCode, url).toBe(200);
      expect(ok.json()).toMatchObject({ id: ticket.id, uuid: ticket.uuid, contact: { name: "Maria" }, queue: { id: t.queueA.id, name: "Vendas" } });
      expect((await app.inject({ method: "GET", url, headers: t.asAdmin })).statusCode).toBe(200);
      const denied = await app.inject({ method: "GET", url, headers: t.asB });
      expect([denied.statusCode, denied.json().error], url).toEqual([403, "ERR_NO_PERMISSION"]);
    }
    const other = await createCompany(database.db);
    const foreignContact = await makeContact(database.db, other.id);
    const foreign = await makeTicket(database.db, { companyId: other.id, contactId: foreignContact.id, status: "open" });
    for (const url of [`/tickets/${foreign.id}`, `/tickets/u/${foreign.uuid}`, "/tickets/u/00000000-0000-4000-8000-000000000000"]) {
      const res = await app.inject({ method: "GET", url, headers: t.asAdmin });
      expect([res.statusCode, res.json().error], url).toEqual([404, "ERR_NO_TICKET_FOUND"]);
    }
  });

  it("lets an agent open a ticket assigned to them outside their queues, and allTicket users the unqueued ones", async () => {
    const t = await ticketsCompany(app, database.db);
    const contact = await makeContact(database.db, t.company.id);
    const transferred = await makeTicket(database.db, { companyId: t.company.id, contactId: contact.id, whatsappId: t.connection.id, status: "open", queueId: t.queueB.id, userId: t.agentA.id });
    expect((await app.inject({ method: "GET", url: `/tickets/${transferred.id}`, headers: t.asA })).statusCode).toBe(200);
    const other = await makeContact(database.db, t.company.id);
    const unqueued = await makeTicket(database.db, { companyId: t.company.id, contactId: other.id, whatsappId: t.connection.id, status: "pending" });
    expect((await app.inject({ method: "GET", url: `/tickets/${unqueued.id}`, headers: t.asAll })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: `/tickets/${unqueued.id}`, headers: t.asA })).statusCode).toBe(403);
  });
});
