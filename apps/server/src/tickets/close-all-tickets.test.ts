import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyEvent, type TicketEventPayload } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
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

describe("POST /tickets/closeAll", () => {
  it("closes the tab's status within the selected queues (and unqueued ones), emitting an update for each; admins only", async () => {
    const t = await ticketsCompany(app, database.db);
    const make = async (status: "pending" | "open", queueId: number | null) => {
      const contact = await makeContact(database.db, t.company.id);
      return makeTicket(database.db, { companyId: t.company.id, contactId: contact.id, whatsappId: t.connection.id, status, queueId, userId: status === "open" ? t.agentA.id : null });
    };
    const inA = await make("pending", t.queueA.id);
    const inB = await make("pending", t.queueB.id);
    const none = await make("pending", null);
    const openA = await make("open", t.queueA.id);

    const denied = await app.inject({ method: "POST", url: "/tickets/closeAll", headers: t.asA, payload: { status: "pending", selectedQueueIds: [] } });
    expect([denied.statusCode, denied.json().error]).toEqual([403, "ERR_NO_PERMISSION"]);

    const sent: { rooms: string[]; event: string; payload: TicketEventPayload }[] = [];
    const original = app.deps.realtime.toRooms;
    app.deps.realtime.toRooms = (rooms, event, payload, except) => {
      sent.push({ rooms, event, payload: payload as TicketEventPayload });
      original.call(app.deps.realtime, rooms, event, payload, except);
    };
    try {
      const res = await app.inject({ method: "POST", url: "/tickets/closeAll", headers: t.asAdmin, payload: { status: "pending", selectedQueueIds: [t.queueA.id] } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ closed: 2 });
    } finally {
      app.deps.realtime.toRooms = original;
    }
    expect((await ticketRow(database.db, inA.id))?.status).toBe("closed");
    expect((await ticketRow(database.db, none.id))?.status).toBe("closed");
    expect((await ticketRow(database.db, inB.id))?.status).toBe("pending");
    expect((await ticketRow(database.db, openA.id))?.status).toBe("open");
    const updated = sent
      .filter((s) => s.event === companyEvent.ticket(t.company.id) && s.payload.action === "update")
      .map((s) => (s.payload as Extract<TicketEventPayload, { action: "update" }>).ticket);
    expect(updated.map((x) => [x.id, x.status]).sort()).toEqual([[inA.id, "closed"], [none.id, "closed"]].sort());

    const all = await app.inject({ method: "POST", url: "/tickets/closeAll", headers: t.asAdmin, payload: { status: "pending" } });
    expect(all.json()).toEqual({ closed: 1 });
    expect((await ticketRow(database.db, inB.id))?.status).toBe("closed");
    expect((await ticketRow(database.db, openA.id))?.status).toBe("open");
  });
});
