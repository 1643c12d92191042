import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { WhatsAppView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { contacts, messages, simulatorContacts, simulatorMessages, tickets, whatsapps } from "../db/schema.js";
import { createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { eventually } from "../test/socket-client.js";
import { connectionsCompany, waitForStatus } from "../connections/test-support.js";
import type { BatchJob } from "../jobs/jobs.js";
import { queueOutgoingMessage, type SendMessageJob } from "./queue-outgoing-message.js";
import { createOutboxWorker, WaitingBehindEarlierMessage } from "./send-queued-batch.js";
import { OutboxPace, paceOf } from "./outbox-pace.js";
import { ProviderError } from "../whatsapp/provider.js";

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

let nextNumber = 5511970000000 + Math.floor(Math.random() * 100_000) * 10;

/** A simulator connection (connected or not) with `chats` customers, each with an open ticket. */
async function setup(opts: { chats: number; rate?: number }) {
  const ctx = await connectionsCompany(app, database.db);
  const connection = (await app.inject({ method: "POST", url: "/whatsapp", headers: ctx.asAdmin, payload: { name: "Lote", provider: "simulator" } })).json<WhatsAppView>();
  if (opts.rate) await database.db.update(whatsapps).set({ sendRatePerSecond: opts.rate }).where(eq(whatsapps.id, connection.id));
  await app.inject({ method: "POST", url: `/simulator/${connection.id}/scan`, headers: ctx.asAdmin, payload: { qrcode: connection.qrcode } });
  await waitForStatus(database.db, connection.id, "CONNECTED");
  const numbers = Array.from({ length: opts.chats }, () => String(nextNumber++));
  await database.db.insert(simulatorContacts).values(numbers.map((number) => ({ companyId: ctx.company.id, whatsappId: connection.id, name: number, number })));
  const people = await database.db
    .insert(contacts)
    .values(numbers.map((number) => ({ companyId: ctx.company.id, name: number, number, canonicalNumber: number })))
    .returning();
  const open = await database.db
    .insert(tickets)
    .values(people.map((c) => ({ companyId: ctx.company.id, contactId: c.id, whatsappId: connection.id, status: "open" as const, userId: ctx.agent.id })))
    .returning();
  const queue = (items: { chat: number; body: string }[]) =>
    database.db.transaction(async (tx) => {
      const rows = [];
      for (const item of items) rows.push(await queueOutgoingMessage(tx, app.deps.jobs, { companyId: ctx.company.id, ticketId: open[item.chat]!.id, body: item.body }));
      return rows;
    });
  /** What each customer received, in the order the simulator got it. */
  const received = async () => {
    const rows = await database.db
      .select({ chat: simulatorMessages.chat, body: simulatorMessages.body, at: simulatorMessages.createdAt })
      .from(simulatorMessages)
      .where(and(eq(simulatorMessages.whatsappId, connection.id), eq(simulatorMessages.direction, "out")))
      .orderBy(asc(simulatorMessages.id));
    return { rows, byChat: numbers.map((n) => rows.filter((r) => r.chat === n).map((r) => r.body)) };
  };
  const statuses = async (ids: number[]) =>
    (await database.db.select({ id: messages.id, sendStatus: messages.sendStatus, sendError: messages.sendError }).from(messages).where(inArray(messages.id, ids))).sort((a, b) => a.id - b.id);
  return { ...ctx, connection, numbers, tickets: open, queue, received, statuses };
}

const batchOf = (companyId: number, ids: number[], attempt: { retryCount?: number; lastAttempt?: boolean } = {}): BatchJob<SendMessageJob>[] =>
  ids.map((messageId) => ({
    data: { companyId, messageId },
    context: { jobId: `job-${messageId}`, retryCount: attempt.retryCount ?? 0, lastAttempt: attempt.lastAttempt ?? false, signal: new AbortController().signal },
  }));

describe("the outbox's batches", () => {
  it("sends a backlog over many chats at once, each chat's messages in the order they were queued", async () => {
    const s = await setup({ chats: 12 });
    const items = Array.from({ length: 5 }, (_, k) => s.numbers.map((_, chat) => ({ chat, body: `m${k + 1}` }))).flat();
    const rows = await s.queue(items);
    await eventually(async () => (await s.statuses(rows.map((r) => r.id))).every((r) => r.sendStatus === "sent"), 45_000);
    const { byChat, rows: got } = await s.received();
    expect(got).toHaveLength(items.length);
    for (const bodies of byChat) expect(bodies).toEqual(["m1", "m2", "m3", "m4", "m5"]);
  }, 60_000);

  it("a message whose chat has an earlier one still queued (in retry) waits for it, then both go in order", async () => {
    const s = await setup({ chats: 1 });
    await app.deps.sessions.stopSession(s.connection.id);
    const [first, second] = await s.queue([
      { chat: 0, body: "primeira" },
      { chat: 0, body: "segunda" },
    ]);
    const worker = createOutboxWorker(app.deps);
    // The later message's job alone (the earlier one is waiting for its retry): it does not overtake.
    const [outcome] = await worker(batchOf(s.company.id, [second!.id]));
    expect(outcome).toBeInstanceOf(WaitingBehindEarlierMessage);
    // Both in one batch while the connection is down: the first fails (retried), the second waits behind it.
    const outcomes = await worker(batchOf(s.company.id, [first!.id, second!.id]));
    expect(outcomes[0]).toBeInstanceOf(Error);
    expect(outcomes[1]).toBeInstanceOf(WaitingBehindEarlierMessage);
    expect((await s.statuses([first!.id, second!.id])).map((r) => r.sendStatus)).toEqual(["queued", "queued"]);
    // The connection comes back: the queue's own retries deliver them, in order, once each.
    await app.deps.sessions.startSession(s.connection.id);
    await waitForStatus(database.db, s.connection.id, "CONNECTED");
    await eventually(async () => (await s.statuses([first!.id, second!.id])).every((r) => r.sendStatus === "sent"), 30_000);
    expect((await s.received()).byChat[0]).toEqual(["primeira", "segunda"]);
  }, 45_000);

  it("on the last attempt a message that cannot go is visibly failed, and so is one still waiting behind another", async () => {
    const s = await setup({ chats: 1 });
    await app.deps.sessions.stopSession(s.connection.id);
    // Stored without jobs: this test runs the attempts by hand.
    const [first, second] = await database.db
      .insert(messages)
      .values(["um", "dois"].map((body) => ({ companyId: s.company.id, ticketId: s.tickets[0]!.id, whatsappId: s.connection.id, chatContactId: s.tickets[0]!.contactId, body, fromMe: true, sendStatus: "queued" as const })))
      .returning();
    const worker = createOutboxWorker(app.deps);
    const last = { retryCount: 8, lastAttempt: true };
    // The second's last attempt while the first is still queued: it does not overtake it, it fails.
    expect(await worker(batchOf(s.company.id, [second!.id], last))).toEqual([undefined]);
    expect(await s.statuses([second!.id])).toEqual([{ id: second!.id, sendStatus: "failed", sendError: "ERR_SENDING_WAPP_MSG" }]);
    expect(await worker(batchOf(s.company.id, [first!.id], last))).toEqual([undefined]);
    expect(await s.statuses([first!.id])).toEqual([{ id: first!.id, sendStatus: "failed", sendError: "ERR_WAPP_NOT_INITIALIZED" }]);
  });

  it("a connection no process runs: its messages are retried without a send being tried, and fail visibly at the last", async () => {
    const s = await setup({ chats: 2 });
    await app.deps.sessions.stopSession(s.connection.id);
    const rows = await database.db
      .insert(messages)
      .values([0, 1].map((chat) => ({ companyId: s.company.id, ticketId: s.tickets[chat]!.id, whatsappId: s.connection.id, chatContactId: s.tickets[chat]!.contactId, body: `parado ${chat}`, fromMe: true, sendStatus: "queued" as const })))
      .returning();
    const tried: unknown[] = [];
    const call = app.deps.sessions.call;
    app.deps.sessions.call = ((...args: unknown[]) => {
      tried.push(args);
      return (call as (...a: unknown[]) => Promise<unknown>)(...args);
    }) as typeof call;
    try {
      const worker = createOutboxWorker(app.deps);
      const ids = rows.map((r) => r.id);
      const outcomes = await worker(batchOf(s.company.id, ids));
      expect(outcomes.map((o) => o instanceof ProviderError && o.retryable && o.code)).toEqual(["ERR_WAPP_NOT_INITIALIZED", "ERR_WAPP_NOT_INITIALIZED"]);
      expect((await s.statuses(ids)).map((r) => r.sendStatus)).toEqual(["queued", "queued"]);
      expect(await worker(batchOf(s.company.id, ids, { retryCount: 8, lastAttempt: true }))).toEqual([undefined, undefined]);
      expect((await s.statuses(ids)).map((r) => [r.sendStatus, r.sendError])).toEqual([
        ["failed", "ERR_WAPP_NOT_INITIALIZED"],
        ["failed", "ERR_WAPP_NOT_INITIALIZED"],
      ]);
      // The session was never asked: nobody runs it.
      expect(tried).toHaveLength(0);
    } finally {
      app.deps.sessions.call = call;
    }
  });

  it("a paced connection never sends faster than its rate, and all its messages still go, in order", async () => {
    const rate = 5;
    const s = await setup({ chats: 3, rate });
    // When each send reaches the session (this connection's only).
    const starts: number[] = [];
    const call = app.deps.sessions.call;
    app.deps.sessions.call = ((...args: unknown[]) => {
      if (args[0] === s.connection.id && args[1] === "send") starts.push(performance.now());
      return (call as (...a: unknown[]) => Promise<unknown>)(...args);
    }) as typeof call;
    try {
      // More than a batch waits for (OUTBOX_MAX_PACE_WAIT_MS): the rest go back to the queue for their slots.
      const rows = await s.queue(Array.from({ length: 4 }, (_, k) => [0, 1, 2].map((chat) => ({ chat, body: `p${k + 1}` }))).flat());
      await eventually(async () => (await s.statuses(rows.map((r) => r.id))).every((r) => r.sendStatus === "sent"), 30_000);
    } finally {
      app.deps.sessions.call = call;
    }
    const { rows: got, byChat } = await s.received();
    expect(got).toHaveLength(12);
    for (const bodies of byChat) expect(bodies).toEqual(["p1", "p2", "p3", "p4"]);
    // In any one second at most `rate` sends start (timers fire a little late, never early: 5 ms of slack).
    expect(starts).toHaveLength(12);
    for (const [i, t] of starts.entries()) expect(starts.filter((u) => u >= t && u < t + 1000 - 5).length, `window from send ${i}`).toBeLessThanOrEqual(rate);
  }, 40_000);
});

describe("the outbox's pace", () => {
  it("spaces a connection's sends 1/rate apart from when each really started, and puts deferred messages after each other", async () => {
    const pace = new OutboxPace();
    const started: number[] = [];
    const t0 = performance.now();
    await Promise.all([1, 2, 3, 4].map(() => pace.take(1, 20).then(() => started.push(performance.now() - t0))));
    // Each start is read a few microtasks after the pace took its slot, and those hops vary by a fraction of a
    // millisecond (CI's PostgreSQL pass saw 49.96): a millisecond of slack, far from the 0 an unpaced send would give.
    for (let i = 1; i < started.length; i++) expect(started[i]! - started[i - 1]!).toBeGreaterThanOrEqual(49);
    // Another connection, and an unpaced one, do not wait.
    const other = performance.now();
    await Promise.all([pace.take(2, 20), pace.take(3, null)]);
    expect(performance.now() - other).toBeLessThan(40);
    // Messages put back while none waits: the first after the next free slot, the next one interval later.
    const first = pace.deferral(1, 20);
    expect(first).toBeLessThanOrEqual(50);
    // On a stopped clock (a loaded machine let 12 ms pass between two calls): the next one exactly an interval later.
    const at = performance.now();
    const stopped = new OutboxPace(() => at);
    const one = stopped.deferral(1, 20);
    expect(stopped.deferral(1, 20) - one).toBe(50);
  });

  it("paces a WhatsApp Web number by default, the simulator not, and a connection's own rate first", () => {
    expect(paceOf({ provider: "beta", sendRatePerSecond: null }, 3)).toBe(3);
    expect(paceOf({ provider: "beta", sendRatePerSecond: null }, undefined)).toBe(5);
    expect(paceOf({ provider: "simulator", sendRatePerSecond: null }, 3)).toBeNull();
    expect(paceOf({ provider: "simulator", sendRatePerSecond: 2 }, 3)).toBe(2);
    expect(paceOf({ provider: "cloudapi", sendRatePerSecond: null }, 3)).toBe(80);
  });
});
