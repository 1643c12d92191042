/**
 * npm run bench:outbox — the outbox (issue 15) through the whole app and the simulator, on PGlite and (when reachable)
 * PostgreSQL, with the production poll interval (JOBS_POLL_INTERVAL_SECONDS default):
 *  1. a crowd: 50 customers write at once to a connection whose bot answers with its menu; when each got it;
 *  2. 200 replies queued at once (one transaction) to 200 customers: the time until all are sent;
 *  3. a backlog of 1,000 messages (5 each to 200 customers, queued at once): delivered messages/s, and every chat's
 *     messages received in the order they were queued;
 * beside the baseline measured in the same run: the same 1,000 sends called directly on the simulator session, one
 * after another, without the outbox.
 *
 * Environment: BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres: a
 * throwaway database is created there and dropped afterwards), BENCH_SKIP_PGLITE=1 / BENCH_SKIP_POSTGRES=1.
 */
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import pg from "pg";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { WhatsAppView } from "@atendo/shared";
import { openDatabase, type Database } from "../src/db/client.js";
import { buildApp } from "../src/app.js";
import { benchConfig } from "./bench-config.js";
import { companies, contacts, messages, plans, queues, simulatorContacts, simulatorMessages, tickets, users, whatsappQueues, whatsapps } from "../src/db/schema.js";
import { hashPassword } from "../src/auth/passwords.js";
import { queueOutgoingMessage } from "../src/messages/queue-outgoing-message.js";

const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const CROWD = 50;
const REPLIES = 200;
const BACKLOG_CHATS = 200;
const PER_CHAT = 5;
/** A scenario that takes longer is cut here and its rate so far printed (the old worker drained at the poll rate). */
const CAP_MS = Number(process.env.BENCH_OUTBOX_CAP_SECONDS ?? 120) * 1000;

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("bench: timed out");
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function measure(label: string, database: Database): Promise<void> {
  console.log(`\n${label} (load ${loadavg().map((l) => l.toFixed(2)).join(" ")})`);
  const db = database.db;
  const [plan] = await db.insert(plans).values({ name: `Bench ${randomBytes(3).toString("hex")}` }).returning();
  const [company] = await db.insert(companies).values({ name: `Bench ${randomBytes(3).toString("hex")}`, planId: plan!.id }).returning();
  const companyId = company!.id;
  const password = "bench-pass";
  const [admin] = await db
    .insert(users)
    .values({ companyId, name: "Admin", email: `admin-${companyId}@bench.test`, passwordHash: await hashPassword(password), profile: "admin" })
    .returning();
  const config = { ...benchConfig(), sessionSweep: true };
  const app = await buildApp({ database, config });
  /** After a scenario cut at the cap: its messages are dropped so the next scenario starts on an empty outbox. */
  const dropLeftovers = async () => {
    await db.execute(sql.raw(`delete from ${config.jobsSchema}.job where name = 'send-message' and state < 'active'`));
    await db.update(messages).set({ sendStatus: "failed", sendError: "bench: cut" }).where(and(eq(messages.companyId, companyId), eq(messages.sendStatus, "queued")));
  };
  await app.ready();
  try {
    const token = (await app.inject({ method: "POST", url: "/auth/login", payload: { email: admin!.email, password } })).json<{ token: string }>().token;
    const headers = { authorization: `Bearer ${token}` };
    const connection = (await app.inject({ method: "POST", url: "/whatsapp", headers, payload: { name: "Bench", provider: "simulator" } })).json<WhatsAppView>();
    await app.inject({ method: "POST", url: `/simulator/${connection.id}/scan`, headers, payload: { qrcode: connection.qrcode } });
    await waitFor(async () => (await db.select().from(whatsapps).where(eq(whatsapps.id, connection.id)))[0]?.status === "CONNECTED", 15_000);
    const whatsappId = connection.id;

    // 1. The crowd: the bot answers each first message with the connection's menu (two queues).
    await db.update(whatsapps).set({ greetingMessage: "Olá! Escolha uma opção:" }).where(eq(whatsapps.id, whatsappId));
    const made = await db
      .insert(queues)
      .values([
        { companyId, name: "Vendas", color: "#0000ff" },
        { companyId, name: "Suporte", color: "#00ff00" },
      ])
      .returning();
    await db.insert(whatsappQueues).values(made.map((q) => ({ companyId, whatsappId, queueId: q.id })));
    const crowd = Array.from({ length: CROWD }, (_, i) => String(5511910000000 + i + 1));
    await db.insert(simulatorContacts).values(crowd.map((number, i) => ({ companyId, whatsappId, name: `Multidão ${i + 1}`, number })));
    const crowdStart = Date.now();
    await Promise.all(
      crowd.map((number) => app.inject({ method: "POST", url: `/simulator/${whatsappId}/chats/${number}/messages`, headers, payload: { type: "text", body: "Oi" } })),
    );
    const firstOut = async () =>
      db
        .select({ chat: simulatorMessages.chat, at: sql<Date>`min(${simulatorMessages.createdAt})` })
        .from(simulatorMessages)
        .where(and(eq(simulatorMessages.whatsappId, whatsappId), eq(simulatorMessages.direction, "out"), inArray(simulatorMessages.chat, crowd)))
        .groupBy(simulatorMessages.chat);
    await waitFor(async () => (await firstOut()).length >= CROWD, CAP_MS).catch(() => undefined);
    const times = (await firstOut()).map((r) => new Date(r.at).getTime() - crowdStart).sort((a, b) => a - b);
    console.log(
      `  crowd of ${CROWD}: ${times.length} answered; first answered after ${seconds(times[0]!)}, last after ${seconds(times.at(-1)!)}, spread ${seconds(times.at(-1)! - times[0]!)}`,
    );
    await dropLeftovers();

    // Customers with an open ticket each (simulator contact, contact, ticket), for the queued replies.
    const customers = async (base: number, count: number) => {
      const numbers = Array.from({ length: count }, (_, i) => String(base + i + 1));
      await db.insert(simulatorContacts).values(numbers.map((number) => ({ companyId, whatsappId, name: number, number })));
      const rows = await db
        .insert(contacts)
        .values(numbers.map((number) => ({ companyId, name: number, number, canonicalNumber: number })))
        .returning();
      return db
        .insert(tickets)
        .values(rows.map((c) => ({ companyId, contactId: c.id, whatsappId, status: "open" as const, userId: admin!.id })))
        .returning({ id: tickets.id, contactId: tickets.contactId });
    };
    const sentOf = async (ids: number[]) =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(messages).where(and(inArray(messages.id, ids), eq(messages.sendStatus, "sent"))))[0]!.n;
    const queueAll = async (items: { ticketId: number; body: string }[]) => {
      const ids: number[] = [];
      await db.transaction(async (tx) => {
        for (const item of items) ids.push((await queueOutgoingMessage(tx, app.deps.jobs, { companyId, ticketId: item.ticketId, body: item.body, userId: admin!.id })).id);
      });
      return ids;
    };

    // 2. 200 replies to 200 customers, queued in one transaction.
    const replyTickets = await customers(5511920000000, REPLIES);
    let queueing = performance.now();
    const replyIds = await queueAll(replyTickets.map((t) => ({ ticketId: t.id, body: "Resposta" })));
    // From the commit: the queueing itself (one transaction) is printed apart.
    let started = performance.now();
    let queuedIn = started - queueing;
    await waitFor(async () => (await sentOf(replyIds)) >= REPLIES, CAP_MS).catch(() => undefined);
    console.log(`  ${REPLIES} queued replies to ${REPLIES} customers: ${await sentOf(replyIds)} sent in ${seconds(performance.now() - started)} after the commit (queued in ${seconds(queuedIn)})`);
    await dropLeftovers();

    // 3. The backlog: 1,000 messages, 5 per chat, queued at once.
    const backlogTickets = await customers(5511930000000, BACKLOG_CHATS);
    const items = Array.from({ length: PER_CHAT }, (_, k) => backlogTickets.map((t) => ({ ticketId: t.id, body: `Mensagem ${k + 1}` }))).flat();
    queueing = performance.now();
    const backlogIds = await queueAll(items);
    started = performance.now();
    queuedIn = started - queueing;
    await waitFor(async () => (await sentOf(backlogIds)) >= items.length, CAP_MS).catch(() => undefined);
    const outboxMs = performance.now() - started;
    const delivered = await sentOf(backlogIds);
    await dropLeftovers();
    const received = await db
      .select({ chat: simulatorMessages.chat, body: simulatorMessages.body })
      .from(simulatorMessages)
      .where(and(eq(simulatorMessages.whatsappId, whatsappId), eq(simulatorMessages.direction, "out"), sql`${simulatorMessages.chat} like '551193%'`))
      .orderBy(simulatorMessages.id);
    const byChat = new Map<string, string[]>();
    for (const r of received) byChat.set(r.chat, [...(byChat.get(r.chat) ?? []), r.body]);
    const expected = Array.from({ length: PER_CHAT }, (_, k) => `Mensagem ${k + 1}`).join("|");
    const inOrder = [...byChat.values()].filter((bodies) => bodies.join("|") === expected).length;
    const outboxRate = delivered / (outboxMs / 1000);

    // Baseline: the same sends straight to the session, one after another.
    const baselineTickets = await customers(5511940000000, BACKLOG_CHATS);
    const baselineContacts = await db.select().from(contacts).where(inArray(contacts.id, baselineTickets.map((t) => t.contactId)));
    started = performance.now();
    for (let k = 0; k < PER_CHAT; k++) {
      for (const contact of baselineContacts) {
        await app.deps.sessions.call(whatsappId, "send", { kind: "user", number: contact.number }, { type: "text", body: `Mensagem ${k + 1}` }, { messageId: `3EB0${randomBytes(18).toString("hex").toUpperCase()}` });
      }
    }
    const baselineRate = items.length / ((performance.now() - started) / 1000);
    console.log(
      `  backlog of ${items.length} (${PER_CHAT} each to ${BACKLOG_CHATS} chats): ${outboxRate.toFixed(1)} msg/s through the outbox (${delivered} in ${seconds(outboxMs)} after the commit; queued in ${seconds(queuedIn)}), ` +
        `chats in order ${inOrder}/${BACKLOG_CHATS}; baseline direct sends ${baselineRate.toFixed(1)} msg/s; ratio ${((outboxRate / baselineRate) * 100).toFixed(1)}%`,
    );
  } finally {
    await app.close();
  }
}

/** Waits for the app's pools (pg-boss closes its own a little after stop) to leave, then drops the database. */
async function dropDatabase(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 40; attempt++) {
    try {
      await admin.query(`drop database if exists ${name}`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  process.on("uncaughtException", (err: Error & { code?: string }) => {
    if (err.code !== "57P01") throw err;
  });
  await admin.query(`drop database if exists ${name} with (force)`);
}

async function main(): Promise<void> {
  console.log("Outbox through the simulator (issue 15)");
  if (process.env.BENCH_SKIP_PGLITE !== "1") {
    const database = await openDatabase({ pgliteDir: null });
    try {
      await measure("PGlite (in memory)", database);
    } finally {
      await database.close();
    }
  }
  if (process.env.BENCH_SKIP_POSTGRES === "1") return;
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch (err) {
    console.log(`\nPostgreSQL not reachable at ${PG_URL.replace(/:[^:@/]*@/, ":***@")}: skipped (${(err as Error).message})`);
    return;
  }
  const name = `atendo_bench_outbox_${randomBytes(4).toString("hex")}`;
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    try {
      await measure(`PostgreSQL (${name})`, database);
    } finally {
      await database.close();
    }
  } finally {
    await dropDatabase(admin, name);
    await admin.end();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
