import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { SimulatorMessageView, WhatsAppView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { contacts, messages, tickets } from "../db/schema.js";
import { createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { eventually } from "../test/socket-client.js";
import { connectionsCompany, waitForStatus } from "../connections/test-support.js";
import { queueOutgoingMessage } from "./queue-outgoing-message.js";
import { sendQueuedMessage } from "./send-queued-message.js";

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

const CUSTOMER = "5511987650101";

async function setup(opts: { connect: boolean }) {
  const ctx = await connectionsCompany(app, database.db);
  const connection = (await app.inject({ method: "POST", url: "/whatsapp", headers: ctx.asAdmin, payload: { name: "Outbox", provider: "simulator" } })).json<WhatsAppView>();
  const simulator = (method: "GET" | "POST", path: string, payload?: object) =>
    app.inject({ method, url: `/simulator/${connection.id}${path}`, headers: ctx.asAdmin, ...(payload ? { payload } : {}) });
  if (opts.connect) {
    await simulator("POST", "/scan", { qrcode: connection.qrcode });
    await waitForStatus(database.db, connection.id, "CONNECTED");
  }
  await simulator("POST", "/contacts", { name: "Cliente", number: CUSTOMER });
  const [contact] = await database.db
    .insert(contacts)
    .values({ companyId: ctx.company.id, name: "Cliente", number: CUSTOMER, canonicalNumber: CUSTOMER })
    .returning();
  const [ticket] = await database.db
    .insert(tickets)
    .values({ companyId: ctx.company.id, contactId: contact!.id, whatsappId: connection.id, status: "open", userId: ctx.agent.id })
    .returning();
  const received = async () => (await simulator("GET", `/chats/${CUSTOMER}/messages`)).json<SimulatorMessageView[]>().filter((m) => m.direction === "out");
  const row = async (id: number) => (await database.db.select().from(messages).where(eq(messages.id, id)))[0]!;
  return { ...ctx, connection, ticket: ticket!, received, row };
}

describe("the outbox", () => {
  it("stores the message first, then sends it once through the connection and records the provider id", async () => {
    const { company, ticket, received, row } = await setup({ connect: true });
    const queued = await database.db.transaction((tx) =>
      queueOutgoingMessage(tx, app.deps.jobs, { companyId: company.id, ticketId: ticket.id, body: "Olá, em que posso ajudar?", automatic: true }),
    );
    expect(queued).toMatchObject({ fromMe: true, ack: 0, sendStatus: "queued", providerId: null });
    const [afterQueue] = await database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(afterQueue!.lastMessage).toBe("Olá, em que posso ajudar?");

    await eventually(async () => (await row(queued.id)).sendStatus === "sent", 10_000);
    const sent = await row(queued.id);
    expect(sent.providerId).toBeTruthy();
    expect((await received()).map((m) => [m.messageId, m.body])).toEqual([[sent.providerId, "Olá, em que posso ajudar?"]]);

    // The job running again (a redelivery after a crash) does not send it twice.
    await sendQueuedMessage(app.deps, { companyId: company.id, messageId: queued.id }, { jobId: "x", retryCount: 1, lastAttempt: false, signal: new AbortController().signal });
    expect(await received()).toHaveLength(1);
  });

  it("nothing is queued when the transaction that caused it rolls back", async () => {
    const { company, ticket } = await setup({ connect: true });
    await expect(
      database.db.transaction(async (tx) => {
        await queueOutgoingMessage(tx, app.deps.jobs, { companyId: company.id, ticketId: ticket.id, body: "nunca" });
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(await database.db.select().from(messages).where(eq(messages.ticketId, ticket.id))).toHaveLength(0);
  });

  it("a connection that is not running is retried, and on the last attempt the message is visibly failed", async () => {
    const { company, ticket, row } = await setup({ connect: false });
    const [message] = await database.db
      .insert(messages)
      .values({ companyId: company.id, ticketId: ticket.id, whatsappId: ticket.whatsappId, chatContactId: ticket.contactId, body: "oi", fromMe: true, sendStatus: "queued" })
      .returning();
    const context = (lastAttempt: boolean) => ({ jobId: "x", retryCount: 0, lastAttempt, signal: new AbortController().signal });
    await expect(sendQueuedMessage(app.deps, { companyId: company.id, messageId: message!.id }, context(false))).rejects.toThrow();
    expect((await row(message!.id)).sendStatus).toBe("queued");
    await sendQueuedMessage(app.deps, { companyId: company.id, messageId: message!.id }, context(true));
    expect(await row(message!.id)).toMatchObject({ sendStatus: "failed", sendError: "ERR_WAPP_NOT_INITIALIZED" });
  });

  it("a job of another company's message does nothing", async () => {
    const first = await setup({ connect: true });
    const second = await setup({ connect: true });
    const queued = await database.db.transaction((tx) => queueOutgoingMessage(tx, app.deps.jobs, { companyId: first.company.id, ticketId: first.ticket.id, body: "só da primeira" }));
    await sendQueuedMessage(app.deps, { companyId: second.company.id, messageId: queued.id }, { jobId: "x", retryCount: 0, lastAttempt: true, signal: new AbortController().signal });
    await eventually(async () => (await first.row(queued.id)).sendStatus === "sent", 10_000);
    expect(await second.received()).toHaveLength(0);
  });
});
