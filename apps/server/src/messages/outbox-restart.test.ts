import { randomBytes } from "node:crypto";
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
const apps: TestApp[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close().catch(() => undefined);
  await database.close();
});

const CUSTOMER = "5511990008888";

async function appWith(jobsSchema: string) {
  const app = await createTestApp(database, { jobsSchema });
  apps.push(app);
  return app;
}

/** A connected simulator connection with an open ticket; `received` reads what the customer got. */
async function conversation(app: TestApp) {
  const ctx = await connectionsCompany(app, database.db);
  const connection = (await app.inject({ method: "POST", url: "/whatsapp", headers: ctx.asAdmin, payload: { name: "Reinício", provider: "simulator" } })).json<WhatsAppView>();
  await app.inject({ method: "POST", url: `/simulator/${connection.id}/scan`, headers: ctx.asAdmin, payload: { qrcode: connection.qrcode } });
  await waitForStatus(database.db, connection.id, "CONNECTED");
  await app.inject({ method: "POST", url: `/simulator/${connection.id}/contacts`, headers: ctx.asAdmin, payload: { name: "Cliente", number: CUSTOMER } });
  const [contact] = await database.db.insert(contacts).values({ companyId: ctx.company.id, name: "Cliente", number: CUSTOMER, canonicalNumber: CUSTOMER }).returning();
  const [ticket] = await database.db.insert(tickets).values({ companyId: ctx.company.id, contactId: contact!.id, whatsappId: connection.id, status: "open" }).returning();
  const received = async (on: TestApp) =>
    (await on.inject({ method: "GET", url: `/simulator/${connection.id}/chats/${CUSTOMER}/messages`, headers: ctx.asAdmin })).json<SimulatorMessageView[]>().filter((m) => m.direction === "out");
  const row = async (id: number) => (await database.db.select().from(messages).where(eq(messages.id, id)))[0]!;
  return { ...ctx, connection, ticket: ticket!, received, row };
}

describe("the outbox across crashes and restarts", () => {
  it("a crash after the provider sent but before the message was marked sent does not send it twice", async () => {
    const app = await appWith(`pgboss_test_${randomBytes(5).toString("hex")}`);
    const { company, ticket, received, row } = await conversation(app);
    // Stored without a job: this test runs the job's attempts by hand.
    const [message] = await database.db
      .insert(messages)
      .values({ companyId: company.id, ticketId: ticket.id, whatsappId: ticket.whatsappId, chatContactId: ticket.contactId, body: "Uma vez só", fromMe: true, sendStatus: "queued" })
      .returning();
    const context = { jobId: "x", retryCount: 0, lastAttempt: false, signal: new AbortController().signal };
    const crashing = {
      ...app.deps,
      sessions: {
        ...app.deps.sessions,
        call: (async (...args: unknown[]) => {
          await (app.deps.sessions.call as (...a: unknown[]) => Promise<unknown>)(...args);
          throw new Error("process died right after the provider accepted the message");
        }) as typeof app.deps.sessions.call,
      },
    };
    await expect(sendQueuedMessage(crashing, { companyId: company.id, messageId: message!.id }, context)).rejects.toThrow("process died");
    expect((await row(message!.id)).sendStatus).toBe("queued");
    // The job's retry.
    await sendQueuedMessage(app.deps, { companyId: company.id, messageId: message!.id }, { ...context, retryCount: 1 });
    expect(await row(message!.id)).toMatchObject({ sendStatus: "sent" });
    expect((await received(app)).map((m) => [m.messageId, m.body])).toEqual([[(await row(message!.id)).providerId, "Uma vez só"]]);
  });

  it("a message stored before a restart is sent exactly once by the next process", async () => {
    const jobsSchema = `pgboss_test_${randomBytes(5).toString("hex")}`;
    const first = await appWith(jobsSchema);
    const { company, ticket, connection, received, row } = await conversation(first);
    // The connection is down when the message is stored: the first attempt fails and is retried later.
    await first.deps.sessions.stopSession(connection.id);
    const queued = await database.db.transaction((tx) => queueOutgoingMessage(tx, first.deps.jobs, { companyId: company.id, ticketId: ticket.id, body: "Depois do reinício" }));
    await new Promise((r) => setTimeout(r, 500));
    await first.close();
    expect((await row(queued.id)).sendStatus).toBe("queued");

    const second = await appWith(jobsSchema);
    await second.deps.sessions.startSession(connection.id);
    await waitForStatus(database.db, connection.id, "CONNECTED");
    await eventually(async () => (await row(queued.id)).sendStatus === "sent", 20_000);
    await new Promise((r) => setTimeout(r, 500));
    expect((await received(second)).map((m) => m.body)).toEqual(["Depois do reinício"]);
  });

  it("a backlog cut by a restart is finished by the next process: every message once, every chat in order", async () => {
    const jobsSchema = `pgboss_test_${randomBytes(5).toString("hex")}`;
    const first = await appWith(jobsSchema);
    const { company, asAdmin, ticket, connection } = await conversation(first);
    const numbers = ["5511990008801", "5511990008802", "5511990008803"];
    const open = [ticket];
    for (const number of numbers) {
      await first.inject({ method: "POST", url: `/simulator/${connection.id}/contacts`, headers: asAdmin, payload: { name: number, number } });
      const [contact] = await database.db.insert(contacts).values({ companyId: company.id, name: number, number, canonicalNumber: number }).returning();
      open.push((await database.db.insert(tickets).values({ companyId: company.id, contactId: contact!.id, whatsappId: connection.id, status: "open" }).returning())[0]!);
    }
    const chats = [CUSTOMER, ...numbers];
    const bodies = Array.from({ length: 15 }, (_, k) => `n${k + 1}`);
    const queued = await database.db.transaction(async (tx) => {
      const rows = [];
      for (const body of bodies) for (const t of open) rows.push(await queueOutgoingMessage(tx, first.deps.jobs, { companyId: company.id, ticketId: t.id, body }));
      return rows;
    });
    const sent = async () => (await database.db.select().from(messages).where(eq(messages.ticketId, ticket.id))).filter((m) => m.sendStatus === "sent").length;
    await eventually(async () => (await sent()) >= 2, 40_000);
    await first.close();

    const second = await appWith(jobsSchema);
    await second.deps.sessions.startSession(connection.id);
    await waitForStatus(database.db, connection.id, "CONNECTED");
    const ids = new Set(queued.map((q) => q.id));
    await eventually(async () => (await database.db.select().from(messages).where(eq(messages.companyId, company.id))).filter((m) => ids.has(m.id) && m.sendStatus === "sent").length === ids.size, 60_000);
    await new Promise((r) => setTimeout(r, 500));
    for (const chat of chats) {
      const got = (await second.inject({ method: "GET", url: `/simulator/${connection.id}/chats/${chat}/messages`, headers: asAdmin })).json<SimulatorMessageView[]>();
      expect(got.filter((m) => m.direction === "out").map((m) => m.body), chat).toEqual(bodies);
    }
  }, 120_000);
});
