import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TicketNoteView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { contacts, queues, tickets, userQueues } from "../db/schema.js";
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

async function setup() {
  const company = await createCompany(database.db);
  const [queue] = await database.db.insert(queues).values({ companyId: company.id, name: "Fila", color: "#404040" }).returning();
  const admin = await createUser(database.db, company.id, { profile: "admin" });
  const agent = await createUser(database.db, company.id);
  const colleague = await createUser(database.db, company.id);
  const outsider = await createUser(database.db, company.id);
  await database.db.insert(userQueues).values([
    { companyId: company.id, userId: agent.id, queueId: queue!.id },
    { companyId: company.id, userId: colleague.id, queueId: queue!.id },
  ]);
  const [contact] = await database.db.insert(contacts).values({ companyId: company.id, name: "Cliente", number: "5511990006666", canonicalNumber: "5511990006666" }).returning();
  const [ticket] = await database.db.insert(tickets).values({ companyId: company.id, contactId: contact!.id, queueId: queue!.id, status: "open", userId: agent.id }).returning();
  const as = async (u: { email: string; password: string }) => bearer((await login(app, u.email, u.password)).token);
  return { company, ticket: ticket!, contact: contact!, asAdmin: await as(admin), asAgent: await as(agent), asColleague: await as(colleague), asOutsider: await as(outsider) };
}

describe("ticket notes", () => {
  it("adds notes of at least 2 characters, lists them newest first by ticket and by contact, with their author", async () => {
    const { ticket, contact, asAgent } = await setup();
    const add = (note: string) => app.inject({ method: "POST", url: "/ticket-notes", headers: asAgent, payload: { note, ticketId: ticket.id, contactId: contact.id } });
    expect((await add(" a ")).json()).toEqual({ error: "ERR_VALIDATION", fields: [{ path: "body.note", message: "validation.tooShort" }] });
    expect((await add("Ligar amanhã")).statusCode).toBe(201);
    expect((await add("Prefere e-mail")).statusCode).toBe(201);
    const byTicket = (await app.inject({ method: "GET", url: `/ticket-notes/list?ticketId=${ticket.id}`, headers: asAgent })).json<TicketNoteView[]>();
    expect(byTicket.map((n) => n.note)).toEqual(["Prefere e-mail", "Ligar amanhã"]);
    expect(byTicket[0]!.user?.name).toBeTruthy();
    const byContact = (await app.inject({ method: "GET", url: `/ticket-notes/list?contactId=${contact.id}`, headers: asAgent })).json<TicketNoteView[]>();
    expect(byContact).toHaveLength(2);
  });

  it("hides notes of tickets the user may not see, and only the author or an admin deletes", async () => {
    const { ticket, asAgent, asColleague, asOutsider, asAdmin } = await setup();
    const note = (await app.inject({ method: "POST", url: "/ticket-notes", headers: asAgent, payload: { note: "Só da fila", ticketId: ticket.id } })).json<TicketNoteView>();
    const hidden = await app.inject({ method: "GET", url: `/ticket-notes/list?ticketId=${ticket.id}`, headers: asOutsider });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ error: "ERR_NO_TICKET_FOUND" });
    // Adding to or deleting from a ticket one may not see answers as if there were nothing there (no 403: it exists).
    const intruding = await app.inject({ method: "POST", url: "/ticket-notes", headers: asOutsider, payload: { note: "Intrometido", ticketId: ticket.id } });
    expect([intruding.statusCode, intruding.json()]).toEqual([404, { error: "ERR_NO_TICKET_FOUND" }]);
    const deleting = await app.inject({ method: "DELETE", url: `/ticket-notes/${note.id}`, headers: asOutsider });
    const missing = await app.inject({ method: "DELETE", url: `/ticket-notes/${note.id + 1_000_000}`, headers: asOutsider });
    expect([deleting.statusCode, deleting.json()]).toEqual([404, { error: "ERR_NOT_FOUND" }]);
    expect(deleting.json()).toEqual(missing.json());
    expect((await app.inject({ method: "GET", url: `/ticket-notes/list?ticketId=${ticket.id}`, headers: asAgent })).json<TicketNoteView[]>().map((n) => n.note)).toEqual(["Só da fila"]);
    expect((await app.inject({ method: "DELETE", url: `/ticket-notes/${note.id}`, headers: asColleague })).statusCode).toBe(403);
    expect((await app.inject({ method: "DELETE", url: `/ticket-notes/${note.id}`, headers: asAdmin })).statusCode).toBe(204);
    expect((await app.inject({ method: "GET", url: `/ticket-notes/list?ticketId=${ticket.id}`, headers: asAgent })).json()).toEqual([]);
  });

  it("another company's ticket is not found", async () => {
    const first = await setup();
    const second = await setup();
    const res = await app.inject({ method: "POST", url: "/ticket-notes", headers: second.asAdmin, payload: { note: "De fora", ticketId: first.ticket.id } });
    expect(res.statusCode).toBe(404);
    const list = await app.inject({ method: "GET", url: `/ticket-notes/list?ticketId=${first.ticket.id}`, headers: second.asAdmin });
    expect(list.statusCode).toBe(404);
    expect(list.json()).toEqual({ error: "ERR_NO_TICKET_FOUND" });
    const byContact = await app.inject({ method: "GET", url: `/ticket-notes/list?contactId=${first.contact.id}`, headers: second.asAdmin });
    expect(byContact.statusCode).toBe(404);
  });
});
