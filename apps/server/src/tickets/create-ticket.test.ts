import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { TicketView, WhatsAppView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { tickets, users, whatsapps } from "../db/schema.js";
import { createCompany, createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { waitForStatus } from "../connections/test-support.js";
import { makeContact, makeTicket, ticketRow, ticketsCompany } from "./ticket-test-support.js";

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

const post = (headers: Record<string, string>, payload: unknown) => app.inject({ method: "POST", url: "/tickets", headers, payload: payload as object });

describe("POST /tickets", () => {
  it("opens a ticket assigned to the creator on the company's default connection", async () => {
    const t = await ticketsCompany(app, database.db);
    const contact = await makeContact(database.db, t.company.id);
    const res = await post(t.asA, { contactId: contact.id, queueId: t.queueA.id, status: "open" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<TicketView>()).toMatchObject({
      status: "open",
      userId: t.agentA.id,
      user: { id: t.agentA.id, name: t.agentA.name },
      queueId: t.queueA.id,
      whatsappId: t.connection.id,
      contact: { id: contact.id },
    });
    expect(res.json<TicketView>().uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("uses the connection asked for, else the user's default connection", async () => {
    const t = await ticketsCompany(app, database.db);
    const [other] = await database.db.insert(whatsapps).values({ companyId: t.company.id, name: "Segunda", provider: "simulator" }).returning();
    const c1 = await makeContact(database.db, t.company.id);
    expect((await post(t.asA, { contactId: c1.id, queueId: t.queueA.id, whatsappId: other!.id })).json().whatsappId).toBe(other!.id);
    await database.db.update(users).set({ whatsappId: other!.id }).where(eq(users.id, t.agentA.id));
    const c2 = await makeContact(database.db, t.company.id);
    expect((await post(t.asA, { contactId: c2.id, queueId: t.queueA.id })).json().whatsappId).toBe(other!.id);
  });

  it("requires a queue unless admin, and only the agent's own queues", async () => {
    const t = await ticketsCompany(app, database.db);
    const contact = await makeContact(database.db, t.company.id);
    const missing = await post(t.asA, { contactId: contact.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: "ERR_VALIDATION", fields: [{ path: "body.queueId", message: "validation.required" }] });
    expect((await post(t.asA, { contactId: contact.id, queueId: null })).statusCode).toBe(400);
    const foreignQueue = await post(t.asA, { contactId: contact.id, queueId: t.queueB.id });
    expect(foreignQueue.statusCode).toBe(403);
    expect(foreignQueue.json().error).toBe("ERR_NO_PERMISSION");
    const byAdmin = await post(t.asAdmin, { contactId: contact.id });
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.json()).toMatchObject({ queueId: null, userId: t.admin.id, status: "open" });
  });

  it("refuses another company's contact, connection and queue", async () => {
    const t = await ticketsCompany(app, database.db);
    const other = await createCompany(database.db);
    const foreignContact = await makeContact(database.db, other.id);
    const [foreignConnection] = await database.db.insert(whatsapps).values({ companyId: other.id, name: "Alheia", provider: "simulator" }).returning();
    const contact = await makeContact(database.db, t.company.id);
    const a = await post(t.asAdmin, { contactId: foreignContact.id });
    expect([a.statusCode, a.json().error]).toEqual([404, "ERR_NO_CONTACT_FOUND"]);
    const b = await post(t.asAdmin, { contactId: contact.id, whatsappId: foreignConnection!.id });
    expect([b.statusCode, b.json().error]).toEqual([404, "ERR_NO_WAPP_FOUND"]);
    expect(await database.db.select().from(tickets).where(eq(tickets.companyId, t.company.id))).toHaveLength(0);
  });

  it("names the user and queue holding the contact's active ticket", async () => {
    const t = await ticketsCompany(app, database.db);
    const contact = await makeContact(database.db, t.company.id);
    await makeTicket(database.db, { companyId: t.company.id, contactId: contact.id, whatsappId: t.connection.id, status: "open", userId: t.agentB.id, queueId: t.queueB.id });
    const res = await post(t.asA, { contactId: contact.id, queueId: t.queueA.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: "ERR_OTHER_OPEN_TICKET",
      details: { user: { id: t.agentB.id, name: t.agentB.name }, queue: { id: t.queueB.id, name: t.queueB.name } },
    });
  });

  it("gives the same user their existing ticket, and lets the creator take an unassigned one", async () => {
    const t = await ticketsCompany(app, database.db);
    const mine = await makeContact(database.db, t.company.id);
    const existing = await makeTicket(database.db, { companyId: t.company.id, contactId: mine.id, whatsappId: t.connection.id, status: "open", userId: t.agentA.id, queueId: t.queueA.id });
    const again = await post(t.asA, { contactId: mine.id, queueId: t.queueA.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(existing.id);

    const waiting = await makeContact(database.db, t.company.id);
    const pending = await makeTicket(database.db, { companyId: t.company.id, contactId: waiting.id, whatsappId: t.connection.id, status: "pending", queueId: t.queueA.id, flowStep: "menu" });
    const taken = await post(t.asA, { contactId: waiting.id, queueId: t.queueA.id });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ id: pending.id, status: "open", userId: t.agentA.id, queueId: t.queueA.id, chatbot: false });
  });

  it("makes one ticket from concurrent requests for one contact", async () => {
    const t = await ticketsCompany(app, database.db);
    const contact = await makeContact(database.db, t.company.id);
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(t.asA, { contactId: contact.id, queueId: t.queueA.id })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((r) => r.json().id)).size).toBe(1);
    const rows = await database.db.select().from(tickets).where(and(eq(tickets.companyId, t.company.id), eq(tickets.contactId, contact.id)));
    expect(rows).toHaveLength(1);
    expect((await ticketRow(database.db, rows[0]!.id))?.userId).toBe(t.agentA.id);
  });

  it("refuses a contact that is not on WhatsApp when the connection can check", async () => {
    const t = await ticketsCompany(app, database.db);
    const created = (await app.inject({ method: "POST", url: "/whatsapp", headers: t.asAdmin, payload: { name: "Conectada", provider: "simulator" } })).json<WhatsAppView>();
    await app.inject({ method: "POST", url: `/simulator/${created.id}/scan`, headers: t.asAdmin, payload: { qrcode: created.qrcode } });
    await waitForStatus(database.db, created.id, "CONNECTED");
    const foreigner = await makeContact(database.db, t.company.id, { number: "14155552671" });
    const refused = await post(t.asAdmin, { contactId: foreigner.id, whatsappId: created.id });
    expect([refused.statusCode, refused.json().error]).toEqual([400, "ERR_WAPP_INVALID_CONTACT"]);
    const local = await makeContact(database.db, t.company.id, { number: "5511987654321" });
    expect((await post(t.asAdmin, { contactId: local.id, whatsappId: created.id })).statusCode).toBe(201);
  });
});
