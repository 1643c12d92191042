import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Socket } from "socket.io-client";
import { companyEvent, type TicketEventPayload, type TicketView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { queues, whatsapps } from "../db/schema.js";
import { createCompany, createTestApp, createTestDatabase, createUser, type TestApp } from "../test/helpers.js";
import { connected, connectSocket, eventually, listen } from "../test/socket-client.js";
import type { FlowHooks } from "./flow/flow-hooks.js";
import { makeContact, makeTicket, ticketRow, ticketsCompany } from "./ticket-test-support.js";

let database: Database;
let app: TestApp;
let url: string;
const sockets: Socket[] = [];
let originalFlow: FlowHooks;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  url = await listen(app);
  originalFlow = { ...app.deps.flow };
});
afterEach(() => Object.assign(app.deps.flow, originalFlow));
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await app.close();
  await database.close();
});

/** Records the bot hooks the life cycle calls (the bot itself is tested in tickets/flow). */
function recordFlow(closeOutcome: "close" | "awaiting-rating" = "close") {
  const calls: { hook: string; input: Record<string, unknown> }[] = [];
  Object.assign(app.deps.flow, {
    async afterAccepted(_tx: unknown, _after: unknown, input: Record<string, unknown>) {
      calls.push({ hook: "afterAccepted", input });
    },
    async afterTransferred(_tx: unknown, _after: unknown, input: Record<string, unknown>) {
      calls.push({ hook: "afterTransferred", input });
    },
    async beforeClose(_tx: unknown, _after: unknown, input: Record<string, unknown>) {
      calls.push({ hook: "beforeClose", input });
      return closeOutcome;
    },
  });
  return calls;
}

const put = (headers: Record<string, string>, id: number, payload: unknown) =>
  app.inject({ method: "PUT", url: `/tickets/${id}`, headers, payload: payload as object });

async function setup(values: { status: "pending" | "open" | "closed"; queue?: "A" | "B" | null; user?: "A" | "B" | "admin" | null }) {
  const t = await ticketsCompany(app, database.db);
  const contact = await makeContact(database.db, t.company.id);
  const queueId = values.queue === undefined || values.queue === "A" ? t.queueA.id : values.queue === "B" ? t.queueB.id : null;
  const userId = values.user === "A" ? t.agentA.id : values.user === "B" ? t.agentB.id : values.user === "admin" ? t.admin.id : null;
  const ticket = await makeTicket(database.db, { companyId: t.company.id, contactId: contact.id, whatsappId: t.connection.id, status: values.status, queueId, userId });
  return { ...t, contact, ticket };
}

describe("PUT /tickets/{id}", () => {
  it("accept: a pending ticket becomes open and the current user's; the bot is told", async () => {
    const calls = recordFlow();
    const t = await setup({ status: "pending" });
    const denied = await put(t.asB, t.ticket.id, { status: "open", userId: t.agentB.id });
    expect([denied.statusCode, denied.json().error]).toEqual([403, "ERR_NO_PERMISSION"]);
    const res = await put(t.asA, t.ticket.id, { status: "open", userId: t.agentA.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TicketView>()).toMatchObject({ status: "open", userId: t.agentA.id, queueId: t.queueA.id });
    expect(calls).toEqual([{ hook: "afterAccepted", input: { companyId: t.company.id, ticketId: t.ticket.id, userId: t.agentA.id } }]);
  });

  it("return to pending clears the user", async () => {
    recordFlow();
    const t = await setup({ status: "open", user: "A" });
    const res = await put(t.asA, t.ticket.id, { status: "pending", userId: null });
    expect(res.json()).toMatchObject({ status: "pending", userId: null, queueId: t.queueA.id });
    // Agent A still sees it through the queue; agent B never could change it.
    expect((await put(t.asB, t.ticket.id, { status: "pending" })).statusCode).toBe(403);
  });

  it("resolve closes with the ticket's user (or the resolver) through the bot's beforeClose", async () => {
    const calls = recordFlow();
    const t = await setup({ status: "open", user: "A" });
    const res = await put(t.asA, t.ticket.id, { status: "closed" });
    expect(res.json()).toMatchObject({ status: "closed", userId: t.agentA.id });
    expect(res.json().closedAt).not.toBeNull();
    expect(calls).toEqual([{ hook: "beforeClose", input: { companyId: t.company.id, ticketId: t.ticket.id, userId: t.agentA.id, sendFarewell: true } }]);

    const pending = await setup({ status: "pending" });
    const closed = await put(pending.asAll, pending.ticket.id, { status: "closed", sendFarewell: false });
    expect(closed.json()).toMatchObject({ status: "closed", userId: pending.agentAll.id });
    expect(calls.at(-1)?.input).toMatchObject({ sendFarewell: false, userId: pending.agentAll.id });
  });

  it("resolve leaves the ticket open while the bot awaits the rating", async () => {
    recordFlow("awaiting-rating");
    const t = await setup({ status: "open", user: "A" });
    const res = await put(t.asA, t.ticket.id, { status: "closed" });
    expect(res.json()).toMatchObject({ status: "open", closedAt: null });
  });

  it("reopen: a closed ticket becomes open with the current user in its queue, unless the contact has another active ticket", async () => {
    recordFlow();
    const t = await setup({ status: "closed", user: "B", queue: "A" });
    const res = await put(t.asA, t.ticket.id, { status: "open" });
    expect(res.json()).toMatchObject({ status: "open", userId: t.agentA.id, queueId: t.queueA.id, closedAt: null });

    const again = await setup({ status: "closed", user: "A", queue: "A" });
    await makeTicket(database.db, {
      companyId: again.company.id,
      contactId: again.contact.id,
      whatsappId: again.connection.id,
      status: "open",
      userId: again.agentB.id,
      queueId: again.queueB.id,
    });
    const refused = await put(again.asA, again.ticket.id, { status: "open" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: "ERR_OTHER_OPEN_TICKET",
      details: { user: { id: again.agentB.id, name: again.agentB.name }, queue: { id: again.queueB.id, name: "Suporte" } },
    });
    expect((await ticketRow(database.db, again.ticket.id))?.status).toBe("closed");
  });

  it("transfer to a queue without a user makes it pending; to a user makes it theirs; the bot is told", async () => {
    const calls = recordFlow();
    const t = await setup({ status: "open", user: "A" });
    const toQueue = await put(t.asA, t.ticket.id, { queueId: t.queueB.id, userId: null, status: "pending" });
    expect(toQueue.json()).toMatchObject({ status: "pending", userId: null, queueId: t.queueB.id });
    expect(calls.at(-1)).toEqual({
      hook: "afterTransferred",
      input: { companyId: t.company.id, ticketId: t.ticket.id, fromQueueId: t.queueA.id, toQueueId: t.queueB.id, fromUserId: t.agentA.id, toUserId: null },
    });
    // Agent A no longer sees it.
    expect((await app.inject({ method: "GET", url: `/tickets/${t.ticket.id}`, headers: t.asA })).statusCode).toBe(403);
    const toUser = await put(t.asB, t.ticket.id, { userId: t.agentAll.id, queueId: t.queueA.id });
    expect(toUser.json()).toMatchObject({ status: "open", userId: t.agentAll.id, queueId: t.queueA.id });

    const [second] = await database.db.insert(whatsapps).values({ companyId: t.company.id, name: "Outra", provider: "simulator" }).returning();
    const toConnection = await put(t.asAll, t.ticket.id, { whatsappId: second!.id });
    expect(toConnection.json()).toMatchObject({ status: "open", userId: t.agentAll.id, whatsappId: second!.id });
  });

  it("refuses transfer targets of another company", async () => {
    recordFlow();
    const t = await setup({ status: "open", user: "A" });
    const other = await createCompany(database.db);
    const stranger = await createUser(database.db, other.id);
    const [foreignQueue] = await database.db.insert(queues).values({ companyId: other.id, name: "Alheia", color: "#333333" }).returning();
    const [foreignConnection] = await database.db.insert(whatsapps).values({ companyId: other.id, name: "Alheia", provider: "simulator" }).returning();
    const user = await put(t.asA, t.ticket.id, { userId: stranger.id });
    expect([user.statusCode, user.json().error]).toEqual([404, "ERR_NO_USER_FOUND"]);
    const queue = await put(t.asA, t.ticket.id, { queueId: foreignQueue!.id });
    expect(queue.statusCode).toBe(404);
    const connection = await put(t.asA, t.ticket.id, { whatsappId: foreignConnection!.id });
    expect([connection.statusCode, connection.json().error]).toEqual([404, "ERR_NO_WAPP_FOUND"]);
    expect(await ticketRow(database.db, t.ticket.id)).toMatchObject({ userId: t.agentA.id, queueId: t.queueA.id, whatsappId: t.connection.id });
  });

  it("a transfer reaches the new queue's agent as an update and the old queue's agent as a delete", async () => {
    recordFlow();
    const t = await setup({ status: "pending", queue: "A" });
    const ears = async (token: string) => {
      const socket = connectSocket(url, token);
      sockets.push(socket);
      const got: TicketEventPayload[] = [];
      socket.on(companyEvent.ticket(t.company.id), (p: TicketEventPayload) => got.push(p));
      await connected(socket);
      return got;
    };
    const a = await ears(t.aToken);
    const b = await ears(t.bToken);
    // Queue rooms are joined just after connecting.
    await new Promise((r) => setTimeout(r, 300));
    await put(t.asA, t.ticket.id, { queueId: t.queueB.id });
    await eventually(async () => b.length > 0 && a.length > 0);
    expect(b).toEqual([expect.objectContaining({ action: "update", ticket: expect.objectContaining({ id: t.ticket.id, queueId: t.queueB.id, status: "pending" }) })]);
    expect(a).toEqual([{ action: "delete", ticketId: t.ticket.id }]);
  });

  it("works with the real bot: accept, transfer and resolve change the ticket as asked", async () => {
    const t = await setup({ status: "pending" });
    expect((await put(t.asA, t.ticket.id, { status: "open", userId: t.agentA.id })).json()).toMatchObject({ status: "open", userId: t.agentA.id });
    expect((await put(t.asA, t.ticket.id, { userId: t.agentAll.id, queueId: t.queueA.id, status: "open" })).json()).toMatchObject({ userId: t.agentAll.id });
    expect((await put(t.asAll, t.ticket.id, { status: "closed" })).json()).toMatchObject({ status: "closed", userId: t.agentAll.id });
    expect((await put(t.asAll, t.ticket.id, { status: "open" })).json()).toMatchObject({ status: "open", userId: t.agentAll.id });
  });
});
