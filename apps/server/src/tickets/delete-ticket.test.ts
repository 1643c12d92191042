import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Socket } from "socket.io-client";
import { eq } from "drizzle-orm";
import { companyEvent, type TicketEventPayload } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { messages } from "../db/schema.js";
import { createCompany, createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { connected, connectSocket, eventually, listen } from "../test/socket-client.js";
import { makeContact, makeTicket, ticketRow, ticketsCompany } from "./ticket-test-support.js";

let database: Database;
let app: TestApp;
let url: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  url = await listen(app);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await app.close();
  await database.close();
});

describe("DELETE /tickets/{id}", () => {
  it("is for permitted roles: agents get 403, admins remove the ticket and its messages and its queue's agents hear of it", async () => {
    const t = await ticketsCompany(app, database.db);
    const contact = await makeContact(database.db, t.company.id);
    const ticket = await makeTicket(database.db, { companyId: t.company.id, contactId: contact.id, whatsappId: t.connection.id, status: "pending", queueId: t.queueA.id });
    await database.db.insert(messages).values({ companyId: t.company.id, ticketId: ticket.id, chatContactId: contact.id, body: "oi", providerId: "d1" });

    const socket = connectSocket(url, t.aToken);
    sockets.push(socket);
    const got: TicketEventPayload[] = [];
    socket.on(companyEvent.ticket(t.company.id), (p: TicketEventPayload) => got.push(p));
    await connected(socket);
    await new Promise((r) => setTimeout(r, 300));

    const denied = await app.inject({ method: "DELETE", url: `/tickets/${ticket.id}`, headers: t.asA });
    expect([denied.statusCode, denied.json().error]).toEqual([403, "ERR_NO_PERMISSION"]);
    expect(await ticketRow(database.db, ticket.id)).toBeDefined();

    const res = await app.inject({ method: "DELETE", url: `/tickets/${ticket.id}`, headers: t.asAdmin });
    expect(res.statusCode).toBe(204);
    expect(await ticketRow(database.db, ticket.id)).toBeUndefined();
    expect(await database.db.select().from(messages).where(eq(messages.ticketId, ticket.id))).toHaveLength(0);
    await eventually(async () => got.length > 0);
    expect(got).toEqual([{ action: "delete", ticketId: ticket.id }]);
    expect((await app.inject({ method: "DELETE", url: `/tickets/${ticket.id}`, headers: t.asAdmin })).statusCode).toBe(404);
  });

  it("answers 404 for another company's ticket", async () => {
    const t = await ticketsCompany(app, database.db);
    const other = await createCompany(database.db);
    const contact = await makeContact(database.db, other.id);
    const foreign = await makeTicket(database.db, { companyId: other.id, contactId: contact.id, status: "open" });
    const res = await app.inject({ method: "DELETE", url: `/tickets/${foreign.id}`, headers: t.asAdmin });
    expect([res.statusCode, res.json().error]).toEqual([404, "ERR_NO_TICKET_FOUND"]);
    expect(await ticketRow(database.db, foreign.id)).toBeDefined();
  });
});
