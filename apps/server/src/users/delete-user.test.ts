import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyEvent, type TicketEventPayload } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { makeContact, makeTicket, ticketRow, ticketsCompany } from "../tickets/ticket-test-support.js";
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

describe("DELETE /users/{id}", () => {
  it("removes the user and ends their sessions", async () => {
    const company = await createCompany(database.db);
    const admin = await createUser(database.db, company.id, { profile: "admin" });
    const user = await createUser(database.db, company.id);
    const { token } = await login(app, admin.email, admin.password);
    const victim = await login(app, user.email, user.password);
    const res = await app.inject({ method: "DELETE", url: `/users/${user.id}`, headers: bearer(token) });
    expect(res.statusCode).toBe(204);
    expect((await app.inject({ method: "GET", url: "/auth/me", headers: bearer(victim.token) })).statusCode).toBe(401);
    expect((await app.inject({ method: "GET", url: `/users/${user.id}`, headers: bearer(token) })).statusCode).toBe(404);
  });

  it("refuses deleting oneself and agents deleting anyone", async () => {
    const company = await createCompany(database.db);
    const admin = await createUser(database.db, company.id, { profile: "admin" });
    const agent = await createUser(database.db, company.id);
    const adminToken = (await login(app, admin.email, admin.password)).token;
    expect((await app.inject({ method: "DELETE", url: `/users/${admin.id}`, headers: bearer(adminToken) })).statusCode).toBe(403);
    const agentToken = (await login(app, agent.email, agent.password)).token;
    expect((await app.inject({ method: "DELETE", url: `/users/${admin.id}`, headers: bearer(agentToken) })).statusCode).toBe(403);
  });

  it("returns the user's active tickets to pending with no user, telling their queue's agents; closed ones stay", async () => {
    const t = await ticketsCompany(app, database.db);
    const open = await makeTicket(database.db, { companyId: t.company.id, contactId: (await makeContact(database.db, t.company.id)).id, whatsappId: t.connection.id, status: "open", userId: t.agentA.id, queueId: t.queueA.id });
    const closed = await makeTicket(database.db, { companyId: t.company.id, contactId: (await makeContact(database.db, t.company.id)).id, whatsappId: t.connection.id, status: "closed", userId: t.agentA.id, queueId: t.queueA.id });
    const others = await makeTicket(database.db, { companyId: t.company.id, contactId: (await makeContact(database.db, t.company.id)).id, whatsappId: t.connection.id, status: "open", userId: t.agentAll.id, queueId: t.queueA.id });
    const sent: { rooms: string[]; event: string; payload: TicketEventPayload }[] = [];
    const original = app.deps.realtime.toRooms;
    app.deps.realtime.toRooms = (rooms, event, payload, except) => {
      sent.push({ rooms, event, payload: payload as TicketEventPayload });
      original.call(app.deps.realtime, rooms, event, payload, except);
    };
    try {
      expect((await app.inject({ method: "DELETE", url: `/users/${t.agentA.id}`, headers: t.asAdmin })).statusCode).toBe(204);
    } finally {
      app.deps.realtime.toRooms = original;
    }
    expect(await ticketRow(database.db, open.id)).toMatchObject({ status: "pending", userId: null, queueId: t.queueA.id });
    expect(await ticketRow(database.db, closed.id)).toMatchObject({ status: "closed", userId: null });
    expect(await ticketRow(database.db, others.id)).toMatchObject({ status: "open", userId: t.agentAll.id });
    const updates = sent.filter((s) => s.event === companyEvent.ticket(t.company.id) && s.payload.action === "update");
    expect(updates).toHaveLength(1);
    expect(updates[0]!.rooms).toContain(`company-${t.company.id}-queue-${t.queueA.id}`);
    expect(updates[0]!.payload).toMatchObject({ ticket: { id: open.id, status: "pending", userId: null } });
  });
});
