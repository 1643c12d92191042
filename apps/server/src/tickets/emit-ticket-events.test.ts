import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Socket } from "socket.io-client";
import { companyEvent, type TicketEventPayload } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { contacts, queues, tickets, userQueues } from "../db/schema.js";
import { bearer, createCompany, createTestApp, createTestDatabase, createUser, login, type TestApp } from "../test/helpers.js";
import { connected, connectSocket, eventually, listen } from "../test/socket-client.js";
import { loadTicketView } from "./load-ticket-views.js";
import { emitTicketUpdate } from "./emit-ticket-events.js";

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

/** A signed-in socket that records every ticket event it gets. */
async function listener(companyId: number, user: { email: string; password: string }) {
  const session = await login(app, user.email, user.password);
  const socket = connectSocket(url, session.token);
  sockets.push(socket);
  const got: TicketEventPayload[] = [];
  socket.on(companyEvent.ticket(companyId), (payload: TicketEventPayload) => got.push(payload));
  await connected(socket);
  return { got, token: session.token };
}

async function setup() {
  const company = await createCompany(database.db);
  const [q1, q2] = await database.db
    .insert(queues)
    .values([
      { companyId: company.id, name: "Vendas", color: "#111111" },
      { companyId: company.id, name: "Suporte", color: "#222222" },
    ])
    .returning();
  const admin = await createUser(database.db, company.id, { profile: "admin" });
  const sales = await createUser(database.db, company.id);
  const support = await createUser(database.db, company.id);
  const everything = await createUser(database.db, company.id, { allTicket: "enabled" });
  await database.db.insert(userQueues).values([
    { companyId: company.id, userId: sales.id, queueId: q1!.id },
    { companyId: company.id, userId: support.id, queueId: q2!.id },
  ]);
  const [contact] = await database.db.insert(contacts).values({ companyId: company.id, name: "Cliente", number: "5511990001111", canonicalNumber: "5511990001111" }).returning();
  const [ticket] = await database.db.insert(tickets).values({ companyId: company.id, contactId: contact!.id, queueId: q1!.id }).returning();
  const ears = {
    admin: await listener(company.id, admin),
    sales: await listener(company.id, sales),
    support: await listener(company.id, support),
    everything: await listener(company.id, everything),
  };
  // Queue rooms are joined right after connecting; give that a moment.
  await new Promise((r) => setTimeout(r, 200));
  return { company, q1: q1!, q2: q2!, admin, sales, support, ticket: ticket!, ears };
}

const settle = () => new Promise((r) => setTimeout(r, 300));

describe("ticket events reach only those who may see the ticket", () => {
  it("a queue's ticket goes to admins and that queue's agents; a transfer tells the old queue to drop it", async () => {
    const { company, q2, ticket, ears } = await setup();
    const view = (await loadTicketView(database.db, company.id, ticket.id))!;
    emitTicketUpdate(app.deps.realtime, company.id, view);
    await eventually(async () => ears.admin.got.length === 1 && ears.sales.got.length === 1);
    await settle();
    expect(ears.support.got).toEqual([]);
    expect(ears.everything.got).toEqual([]);

    const moved = { ...view, queueId: q2.id, queue: { id: q2.id, name: q2.name, color: q2.color } };
    emitTicketUpdate(app.deps.realtime, company.id, moved, { userId: null, queueId: view.queueId });
    await eventually(async () => ears.support.got.length === 1 && ears.sales.got.length === 2);
    await settle();
    expect(ears.sales.got[1]).toEqual({ action: "delete", ticketId: ticket.id });
    expect(ears.support.got[0]).toMatchObject({ action: "update", ticket: { id: ticket.id, queueId: q2.id } });
    // Admins see it in both places: one update, never a delete.
    expect(ears.admin.got.map((e) => e.action)).toEqual(["update", "update"]);
  });

  it("a ticket without a queue goes to users with allTicket, and an assigned ticket to its user", async () => {
    const { company, ticket, ears, support } = await setup();
    const view = (await loadTicketView(database.db, company.id, ticket.id))!;
    emitTicketUpdate(app.deps.realtime, company.id, { ...view, queueId: null, queue: null });
    await eventually(async () => ears.everything.got.length === 1);
    emitTicketUpdate(app.deps.realtime, company.id, { ...view, userId: support.id });
    await eventually(async () => ears.support.got.length === 1);
    await settle();
    expect(ears.sales.got).toHaveLength(1);
  });

  it("an agent added to a queue starts receiving its tickets without reconnecting", async () => {
    const { company, q1, q2, ticket, ears, support, admin } = await setup();
    const adminToken = (await login(app, admin.email, admin.password)).token;
    const res = await app.inject({ method: "PUT", url: `/users/${support.id}`, headers: bearer(adminToken), payload: { name: support.name, email: support.email, queueIds: [q1.id, q2.id] } });
    expect(res.statusCode, res.body).toBe(200);
    const view = (await loadTicketView(database.db, company.id, ticket.id))!;
    emitTicketUpdate(app.deps.realtime, company.id, view);
    await eventually(async () => ears.support.got.length === 1);
  });
});
