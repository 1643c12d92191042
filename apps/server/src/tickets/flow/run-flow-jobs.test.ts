import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { messages, ticketRatings } from "../../db/schema.js";
import { createCompany, createTestApp, createTestDatabase, createUser, type TestApp } from "../../test/helpers.js";
import { inTransaction } from "../in-transaction.js";
import { botMessages, createConnection, createQueue, createTicket, customerSays, linkQueues, setSetting, silentLogger, ticketOf, waitFor } from "./flow.test-helpers.js";

/** 1 bot minute = 50 ms here: every timed step is due within a few seconds (the workers poll every 2 s). */
const FAST = 0.05;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let database: Database;
const apps: TestApp[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close().catch(() => undefined);
  await database.close();
});

async function appWith(overrides: Parameters<typeof createTestApp>[1]) {
  const app = await createTestApp(database, overrides);
  apps.push(app);
  return app;
}

async function agentSays(app: TestApp, ticket: { id: number; companyId: number; whatsappId: number | null; contactId: number; userId: number | null }, body: string) {
  return inTransaction(database.db, silentLogger, async (tx, after) => {
    const now = new Date();
    const [message] = await tx
      .insert(messages)
      .values({
        companyId: ticket.companyId,
        ticketId: ticket.id,
        whatsappId: ticket.whatsappId,
        chatContactId: ticket.contactId,
        userId: ticket.userId,
        body,
        fromMe: true,
        read: true,
        sendStatus: "sent",
        providerId: `out-${randomBytes(4).toString("hex")}`,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await app.deps.flow.afterAgentMessage(tx, after, { companyId: ticket.companyId, ticketId: ticket.id, messageId: message!.id });
    return message!;
  });
}

describe("timed steps", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await appWith({ flowMinuteSeconds: FAST });
  });

  it("expiresTicket closes an open ticket with the inactivity message; a customer answer keeps the other open", async () => {
    const db = database.db;
    const company = await createCompany(db);
    const agent = await createUser(db, company.id);
    const conn = await createConnection(db, company.id, { expiresTicket: 20, expiresInactiveMessage: "Encerrado por inatividade, {{firstName}}." });
    const silent = await createTicket(db, company.id, conn.id, { status: "open", userId: agent.id });
    const answered = await createTicket(db, company.id, conn.id, { status: "open", userId: agent.id });
    await agentSays(app, silent, "Posso ajudar em algo mais?");
    await agentSays(app, answered, "Posso ajudar em algo mais?");
    await customerSays(db, app.deps.flow, answered, "Sim, mais uma coisa", new Date(Date.now() + 1_000));

    const closed = await waitFor(async () => {
      const row = await ticketOf(db, silent.id);
      return row.status === "closed" && row;
    });
    expect(closed.closedAt).not.toBeNull();
    expect((await botMessages(db, silent.id)).map((m) => m.body)).toEqual(["Encerrado por inatividade, Maria."]);
    await sleep(2_500);
    expect(await ticketOf(db, answered.id)).toMatchObject({ status: "open" });
    expect(await botMessages(db, answered.id)).toHaveLength(0);
  });

  it("an older agent message's expiry is stale once the agent wrote again", async () => {
    const db = database.db;
    const company = await createCompany(db);
    const agent = await createUser(db, company.id);
    const conn = await createConnection(db, company.id, { expiresTicket: 40, expiresInactiveMessage: "Encerrado." });
    const ticket = await createTicket(db, company.id, conn.id, { status: "open", userId: agent.id });
    await agentSays(app, ticket, "primeira");
    await sleep(1_000);
    await agentSays(app, ticket, "segunda");
    // The first job is due about 1 s before the second; the ticket closes only by the second one, once.
    await waitFor(async () => (await ticketOf(db, ticket.id)).status === "closed");
    expect((await botMessages(db, ticket.id)).map((m) => m.body)).toEqual(["Encerrado."]);
  });

  it("a rating question nobody answers closes the ticket without a rating", async () => {
    const db = database.db;
    const company = await createCompany(db);
    const agent = await createUser(db, company.id);
    const conn = await createConnection(db, company.id, { ratingMessage: "Avalie de 1 a 5" });
    await setSetting(db, company.id, "userRating", "enabled");
    const ticket = await createTicket(db, company.id, conn.id, { status: "open", userId: agent.id });
    const outcome = await inTransaction(db, silentLogger, (tx, after) =>
      app.deps.flow.beforeClose(tx, after, { companyId: company.id, ticketId: ticket.id, userId: agent.id, sendFarewell: true }),
    );
    expect(outcome).toBe("awaiting-rating");
    await waitFor(async () => (await ticketOf(db, ticket.id)).status === "closed");
    expect(await ticketOf(db, ticket.id)).toMatchObject({ flowStep: null });
    expect(await db.select().from(ticketRatings).where(eq(ticketRatings.ticketId, ticket.id))).toEqual([]);
  });

  it("a menu timer is stale once the customer chose a queue", async () => {
    const db = database.db;
    const company = await createCompany(db);
    const a = await createQueue(db, company.id);
    const b = await createQueue(db, company.id);
    const fallback = await createQueue(db, company.id);
    const conn = await createConnection(db, company.id, { timeUseBotQueues: 20, transferQueueId: fallback.id });
    await linkQueues(db, company.id, conn.id, [a.id, b.id]);
    const chosen = await createTicket(db, company.id, conn.id);
    const idle = await createTicket(db, company.id, conn.id);
    await customerSays(db, app.deps.flow, chosen, "oi", new Date(), true);
    await customerSays(db, app.deps.flow, idle, "oi", new Date(), true);
    await customerSays(db, app.deps.flow, chosen, "2", new Date(Date.now() + 10_000));
    await waitFor(async () => (await ticketOf(db, idle.id)).queueId === fallback.id);
    await sleep(500);
    const ordered = [a, b].sort((x, y) => x.name.localeCompare(y.name));
    expect(await ticketOf(db, chosen.id)).toMatchObject({ queueId: ordered[1]!.id, flowStep: null });
  });
});

describe("a restart in the middle of a timed step", () => {
  it("still performs the step: the menu timeout and timeToTransfer run in the next process", async () => {
    const db = database.db;
    const jobsSchema = `pgboss_test_${randomBytes(5).toString("hex")}`;
    const first = await appWith({ flowMinuteSeconds: 1, jobsSchema });

    const company = await createCompany(db);
    const sales = await createQueue(db, company.id, { name: "Vendas" });
    const support = await createQueue(db, company.id, { name: "Suporte" });
    const reception = await createQueue(db, company.id, { name: "Recepção" });
    // Menu: 4 bot minutes (4 s here) without a choice sends the ticket to the reception.
    const menuConn = await createConnection(db, company.id, { timeUseBotQueues: 4, transferQueueId: reception.id });
    await linkQueues(db, company.id, menuConn.id, [sales.id, support.id]);
    // One queue: the ticket joins it; 4 bot minutes unaccepted moves it to the reception.
    const transferConn = await createConnection(db, company.id, { timeToTransfer: 4, transferQueueId: reception.id });
    await linkQueues(db, company.id, transferConn.id, [sales.id]);

    const inMenu = await createTicket(db, company.id, menuConn.id);
    const waiting = await createTicket(db, company.id, transferConn.id);
    await customerSays(db, first.deps.flow, inMenu, "oi", new Date(), true);
    await customerSays(db, first.deps.flow, waiting, "oi", new Date(), true);
    expect(await ticketOf(db, inMenu.id)).toMatchObject({ flowStep: "menu", queueId: null });
    expect(await ticketOf(db, waiting.id)).toMatchObject({ queueId: sales.id });

    // The process stops before the steps are due.
    await first.close();
    expect(await ticketOf(db, inMenu.id)).toMatchObject({ flowStep: "menu", queueId: null });
    expect(await ticketOf(db, waiting.id)).toMatchObject({ queueId: sales.id });
    await sleep(4_500);
    expect(await ticketOf(db, inMenu.id)).toMatchObject({ flowStep: "menu" });

    // A new process on the same database picks the jobs up.
    await appWith({ flowMinuteSeconds: 1, jobsSchema });
    await waitFor(async () => (await ticketOf(db, inMenu.id)).queueId === reception.id);
    await waitFor(async () => (await ticketOf(db, waiting.id)).queueId === reception.id);
    expect(await ticketOf(db, inMenu.id)).toMatchObject({ flowStep: null, status: "pending", userId: null });
    expect(await ticketOf(db, waiting.id)).toMatchObject({ flowStep: null, status: "pending", userId: null });
  });
});
