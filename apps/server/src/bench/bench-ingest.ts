/**
 * npm run bench:ingest — inbound messages per second through the full ingestion pipeline: provider event → the
 * inbound handler the sessions call (per-chat queue, one transaction per message: contact, ticket, message, the
 * bot's hook) → committed rows → socket events received by a signed-in admin. Runs on a fresh in-memory PGlite
 * and, when PostgreSQL is reachable (TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres), on a
 * throwaway PostgreSQL database that is dropped afterwards.
 *
 * The connection has two queues, so the bot is fully engaged: each chat's first message gets the menu (queued
 * in the outbox), the second answers "1" and moves the ticket into that queue, the rest are ordinary messages.
 * The baseline (the same rows in multi-row INSERTs) runs three times after the pipeline; the median is the figure.
 * Options: BENCH_MESSAGES (default 2000), BENCH_CHATS (default 200), BENCH_ONLY (pglite or postgres),
 * BENCH_CONCURRENCY (events handled at once; default the handler's INGEST_CONCURRENCY), BENCH_BATCH (messages per
 * transaction at most; default INGEST_BATCH; 1 turns group commit off), BENCH_BATCHES (batches written at once; default
 * INGEST_BATCHES_AT_ONCE).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, count, eq, isNotNull } from "drizzle-orm";
import pg from "pg";
import { io, type Socket } from "socket.io-client";
import { companyEvent, type AppMessageEventPayload } from "@atendo/shared";
import { buildApp } from "../app.js";
import type { Config } from "../config.js";
import { openDatabase, type Database } from "../db/client.js";
import { companies, contacts, messages, plans, queues, tickets, users, whatsappQueues, whatsapps } from "../db/schema.js";
import { messageColumnsOf } from "../ingestion/message-columns.js";
import { hashPassword } from "../auth/passwords.js";
import { createInboundHandler } from "../ingestion/create-inbound-handler.js";
import { chatKeysOf, createPerChatQueue } from "../whatsapp/sessions/per-chat-queue.js";
import type { ProviderEvent } from "../whatsapp/provider.js";
import type { InboundEvent } from "../whatsapp/sessions/session-manager.js";

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 2000);
/** Rows per INSERT of the raw baseline. */
const BASELINE_BATCH = 500;
/** Times the baseline runs (each on contacts and tickets of its own); its median is the figure. */
const BASELINE_RUNS = 3;
const CHATS = Number(process.env.BENCH_CHATS ?? 200);
const DEFAULT_PG = "postgres://postgres@127.0.0.1:5432/postgres";

function benchConfig(dataDir: string): Config {
  return {
    nodeEnv: "test",
    port: 0,
    host: "127.0.0.1",
    dataDir,
    jwtSecret: randomBytes(32).toString("hex"),
    whatsappEncryptionKey: randomBytes(32),
    accessTokenTtlSeconds: 3600,
    refreshTokenTtlDays: 1,
    cookieSecure: false,
    trustProxy: false,
    adminEmail: "bench@atendo.local",
    seedDemo: false,
    logLevel: "silent",
    loginRateLimitPerIp: 1000,
    loginRateLimitPerEmail: 1000,
    webDist: "/nonexistent-web-dist",
    version: "bench",
    simulatorEnabled: true,
    sessionLeaseSeconds: 30,
    sessionSweep: false,
    jobsSchema: `pgboss_bench_${randomBytes(4).toString("hex")}`,
  };
}

/**
 * Queries counted at the driver, only those issued on behalf of an ingested event (its handler call and the
 * after-commit tasks it awaits): an AsyncLocalStorage marks that work, so the outbox worker and the socket's own
 * queries running meanwhile are not counted. BEGIN and COMMIT count as queries.
 */
const counting = new AsyncLocalStorage<{ n: number }>();
let pgCounted = false;
function countQueries(database: Database): void {
  if (database.kind === "postgres") {
    if (pgCounted) return;
    pgCounted = true;
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const store = counting.getStore();
      if (store) store.n++;
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    return;
  }
  const lite = database.pglite!;
  const wrap = <T extends { query: (...a: never[]) => unknown; exec: (...a: never[]) => unknown }>(target: T): void => {
    for (const method of ["query", "exec"] as const) {
      const original = target[method].bind(target) as (...a: unknown[]) => unknown;
      (target as Record<string, unknown>)[method] = (...args: unknown[]) => {
        const store = counting.getStore();
        if (store) store.n++;
        return original(...args);
      };
    }
  };
  wrap(lite);
  const transaction = lite.transaction.bind(lite);
  lite.transaction = ((fn: (tx: Parameters<Parameters<typeof lite.transaction>[0]>[0]) => Promise<unknown>) => {
    const store = counting.getStore();
    // BEGIN and COMMIT (or ROLLBACK), which PGlite runs itself.
    if (store) store.n += 2;
    return transaction((tx) => {
      wrap(tx);
      return fn(tx);
    });
  }) as typeof lite.transaction;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** A Brazilian mobile per chat. */
function chatNumber(i: number): string {
  return `55119${(70000000 + i).toString()}`;
}

function eventsOf(): InboundEvent[] {
  const perChat = Math.ceil(MESSAGES / CHATS);
  const list: InboundEvent[] = [];
  // Each chat's messages a minute apart (their own timestamps): the bot's grouping window (timeforagroup) does not
  // swallow the answer to its menu.
  const start = Date.now() - perChat * 60_000;
  // Round-robin over the chats, as concurrent customers would arrive.
  for (let n = 0; n < perChat; n++) {
    for (let c = 0; c < CHATS && list.length < MESSAGES; c++) {
      const number = chatNumber(c);
      const body = n === 0 ? "Olá, boa tarde" : n === 1 ? "1" : `mensagem ${n} do cliente ${c}`;
      list.push({
        type: "message",
        origin: "live",
        message: {
          id: `BENCH${c.toString(36)}X${n.toString(36)}`,
          chat: { kind: "user", number },
          from: { number, pushName: `Cliente ${c}` },
          fromMe: false,
          timestamp: new Date(start + n * 60_000),
          content: { type: "text", body },
        },
      });
    }
  }
  return list;
}

async function run(label: string, database: Database): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "atendo-bench-"));
  const app = await buildApp({ database, config: benchConfig(dataDir) });
  await app.ready();
  const { db } = database;
  try {
    const [plan] = await db.insert(plans).values({ name: `Bench ${randomBytes(3).toString("hex")}` }).returning();
    const [company] = await db.insert(companies).values({ name: "Bench", planId: plan!.id }).returning();
    const companyId = company!.id;
    const password = "bench-password";
    const [admin] = await db
      .insert(users)
      .values({ companyId, name: "Bench admin", email: `bench-${randomBytes(4).toString("hex")}@atendo.local`, passwordHash: await hashPassword(password), profile: "admin" })
      .returning();
    const [conn] = await db
      .insert(whatsapps)
      .values({ companyId, name: "Bench", provider: "simulator", status: "CONNECTED", greetingMessage: "Bem-vindo! Escolha uma opção:" })
      .returning();
    const queueRows = await db
      .insert(queues)
      .values([
        { companyId, name: "Vendas", color: "#111111" },
        { companyId, name: "Suporte", color: "#222222" },
      ])
      .returning();
    await db.insert(whatsappQueues).values(queueRows.map((q) => ({ companyId, whatsappId: conn!.id, queueId: q.id })));

    // An admin's socket counts what reaches the screen.
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    if (!address || typeof address === "string") throw new Error("no address");
    const login = await app.inject({ method: "POST", url: "/auth/login", payload: { email: admin!.email, password } });
    if (login.statusCode !== 200) throw new Error(`bench login failed: ${login.body}`);
    const socket: Socket = io(`http://127.0.0.1:${address.port}`, { transports: ["websocket"], auth: { token: login.json().token }, reconnection: false, forceNew: true });
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("connect_error", reject);
    });
    socket.on("disconnect", (reason) => reason !== "io client disconnect" && console.log(`  admin socket disconnected: ${reason}`));
    let customerEvents = 0;
    let botEvents = 0;
    let allReceived: () => void = () => undefined;
    const received = new Promise<void>((resolve) => (allReceived = resolve));
    socket.on(companyEvent.appMessage(companyId), (payload: AppMessageEventPayload) => {
      if (payload.action !== "create") return;
      if (payload.message.fromMe) botEvents++;
      else if (++customerEvents === MESSAGES - failures.length) allReceived();
    });

    // The same handler and per-chat ordering the sessions use.
    countQueries(database);
    const queryCount = { n: 0 };
    const handler = createInboundHandler(app.deps, app.log, {
      ...(process.env.BENCH_CONCURRENCY ? { concurrency: Number(process.env.BENCH_CONCURRENCY) } : {}),
      ...(process.env.BENCH_BATCH ? { batch: Number(process.env.BENCH_BATCH) } : {}),
      ...(process.env.BENCH_BATCHES ? { batchesAtOnce: Number(process.env.BENCH_BATCHES) } : {}),
    });
    const chats = createPerChatQueue();
    const ref = { companyId, whatsappId: conn!.id };
    const events = eventsOf();
    const latencies: number[] = [];
    const failures: unknown[] = [];
    const started = performance.now();
    await Promise.all(
      events.map((event) => {
        const submitted = performance.now();
        return chats.run(chatKeysOf(event as ProviderEvent), async () => {
          // A failed event is counted and reported, not fatal: the run always ends with its figures (the handler
          // already retried transient errors; what is left is what a session would see).
          await counting.run(queryCount, () => handler(ref, event)).catch((err: unknown) => failures.push(err));
          latencies.push(performance.now() - submitted);
        });
      }),
    );
    const committed = performance.now();
    const timeout = setTimeout(() => allReceived(), 30_000);
    await received;
    clearTimeout(timeout);
    const delivered = performance.now();
    socket.disconnect();

    const [stored] = await db.select({ n: count() }).from(messages).where(eq(messages.companyId, companyId));
    const [ticketCount] = await db.select({ n: count() }).from(tickets).where(eq(tickets.companyId, companyId));
    const [queued] = await db.select({ n: count() }).from(tickets).where(and(eq(tickets.companyId, companyId), isNotNull(tickets.queueId)));
    latencies.sort((a, b) => a - b);
    const seconds = (delivered - started) / 1000;
    const rate = MESSAGES / seconds;
    // The baseline's 2,000 rows take a few tenths of a second: one pause of this noisy machine moved a single
    // measurement by a third, so it runs BASELINE_RUNS times and the median is the figure.
    const baselines: number[] = [];
    for (let round = 0; round < BASELINE_RUNS; round++) baselines.push(await rawInsertBaseline(db, companyId, conn!.id, round));
    const baseline = [...baselines].sort((a, b) => a - b)[Math.floor(BASELINE_RUNS / 2)]!;
    console.log(
      [
        `${label}: ${MESSAGES} inbound messages over ${CHATS} chats`,
        `  ${rate.toFixed(0)} messages/s end to end (event → committed rows → events at an admin socket), ${seconds.toFixed(2)} s`,
        `  ${(queryCount.n / MESSAGES).toFixed(2)} queries per message (${queryCount.n} in all, BEGIN/COMMIT included, after-commit event loads included)`,
        `  baseline, same run: raw batched insert of the same ${MESSAGES} message rows (${BASELINE_BATCH} per INSERT, pre-made contacts and tickets) ${baseline.toFixed(0)} rows/s, the median of ${baselines.map((b) => b.toFixed(0)).join(", ")}; pipeline = ${((100 * rate) / baseline).toFixed(1)}% of it`,
        `  all committed after ${((committed - started) / 1000).toFixed(2)} s; per-message latency from event to commit incl. waiting behind its chat: p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms`,
        `  rows: ${stored?.n} messages (customer + bot), ${ticketCount?.n} tickets, ${queued?.n} tickets routed to a queue by the bot`,
        `  socket: ${customerEvents} customer message events, ${botEvents} bot message events`,
      ].join("\n"),
    );
    if (failures.length > 0) {
      const first = failures[0] as { message?: string; code?: string; cause?: { message?: string; code?: string } };
      console.log(`  WARNING: ${failures.length} events failed after their retries; the first: ${first.code ?? first.cause?.code ?? ""} ${first.cause?.message ?? first.message}`);
    }
    if (customerEvents !== MESSAGES) console.log(`  WARNING: only ${customerEvents} of ${MESSAGES} message events arrived within 30 s`);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The baseline: the same message rows (same columns, same sizes) written with multi-row INSERTs, one transaction per
 * batch, into contacts and tickets made beforehand (not timed). What the pipeline would cost if it did nothing but
 * store the messages.
 */
async function rawInsertBaseline(db: Database["db"], companyId: number, whatsappId: number, round: number): Promise<number> {
  const perChat = Math.ceil(MESSAGES / CHATS);
  const contactRows = await db
    .insert(contacts)
    .values(Array.from({ length: CHATS }, (_, c) => ({ companyId, name: `Base ${round}-${c}`, number: `5521${(900000000 + round * 100_000 + c).toString()}`, canonicalNumber: `5521${(900000000 + round * 100_000 + c).toString()}`, whatsappId })))
    .returning({ id: contacts.id });
  const ticketRows = await db
    .insert(tickets)
    .values(contactRows.map((c) => ({ companyId, contactId: c.id, whatsappId, status: "pending" as const })))
    .returning({ id: tickets.id, contactId: tickets.contactId });
  const start = Date.now() - perChat * 60_000;
  const rows: (typeof messages.$inferInsert)[] = [];
  for (let n = 0; n < perChat; n++) {
    for (let c = 0; c < CHATS && rows.length < MESSAGES; c++) {
      const ticket = ticketRows[c]!;
      const at = new Date(start + n * 60_000);
      const columns = messageColumnsOf({ type: "text", body: n === 0 ? "Olá, boa tarde" : n === 1 ? "1" : `mensagem ${n} do cliente ${c}` });
      rows.push({ companyId, ticketId: ticket.id, whatsappId, chatContactId: ticket.contactId, contactId: ticket.contactId, providerId: `BASE${round}R${c.toString(36)}X${n.toString(36)}`, ...columns, fromMe: false, read: false, ack: 0, sendStatus: "received", createdAt: at, updatedAt: at });
    }
  }
  const began = performance.now();
  for (let i = 0; i < rows.length; i += BASELINE_BATCH) {
    const batch = rows.slice(i, i + BASELINE_BATCH);
    await db.transaction(async (tx) => {
      await tx.insert(messages).values(batch).onConflictDoNothing({ target: [messages.whatsappId, messages.chatContactId, messages.providerId] });
    });
  }
  return rows.length / ((performance.now() - began) / 1000);
}

async function postgresUrl(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const adminUrl = process.env.TEST_DATABASE_URL || DEFAULT_PG;
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (err) {
    console.log(`PostgreSQL not reachable at ${adminUrl} (${(err as Error).message}): skipped`);
    return undefined;
  }
  const name = `atendo_bench_${randomBytes(4).toString("hex")}`;
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY;
  if (only !== "postgres") {
    const pglite = await openDatabase({ pgliteDir: null });
    try {
      await run("PGlite (in memory)", pglite);
    } finally {
      await pglite.close();
    }
  }
  if (only === "pglite") return;
  const target = await postgresUrl();
  if (!target) return;
  const postgres = await openDatabase({ databaseUrl: target.url });
  try {
    await run("PostgreSQL", postgres);
  } finally {
    await postgres.close();
    await target.drop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
