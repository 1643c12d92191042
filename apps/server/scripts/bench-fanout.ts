/**
 * npm run bench:fanout — delivery latency (p50/p99) of company events to 1,000 sockets over 100 companies, through
 * the app's realtime layer (`realtime.toCompany`, and `realtime.toRooms` as ticket events go), against a bare
 * Socket.IO server with the same sockets in the same rooms in the same process and run (rounds alternate between the
 * two, so both see the same load); prints the ratio. Also prints the queries one socket connection costs, for a
 * session's first connection and for a reconnection (counted at the driver; the background queries of an idle window
 * as long as the connection phase are printed beside them). On PGlite and (when reachable) PostgreSQL, each without
 * and (when REDIS_URL or redis://127.0.0.1:6379 answers) with the Redis adapter on both servers.
 *
 * A round emits one event per company (100 emits, 1,000 deliveries) in one tick and waits for every delivery; the
 * clients (socket.io-client) run in this process, so a latency includes the client's parsing, for both servers.
 *
 * Environment: BENCH_COMPANIES (100), BENCH_SOCKETS_PER_COMPANY (10), BENCH_ROUNDS (100 per server and kind),
 * BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres: a throwaway database
 * is created there and dropped afterwards), BENCH_REDIS_URL (default REDIS_URL or redis://127.0.0.1:6379; "0" skips),
 * BENCH_SKIP_PGLITE=1 / BENCH_SKIP_POSTGRES=1.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { and, count, eq, inArray } from "drizzle-orm";
import { Server } from "socket.io";
import { io as connectClient, type Socket } from "socket.io-client";
import { companyEvent, SERVER_EVENTS } from "@atendo/shared";
import { openDatabase, type Database } from "../src/db/client.js";
import { buildApp } from "../src/app.js";
import { benchConfig } from "./bench-config.js";
import { companies, plans, queues, sessions, userQueues, users } from "../src/db/schema.js";
import { rooms } from "../src/realtime/rooms.js";

const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 100);
const PER_COMPANY = Number(process.env.BENCH_SOCKETS_PER_COMPANY ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
const WARMUP = 5;
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

/** One connected user: an admin (first of each company) or an agent in one of the company's two queues. */
interface Seat {
  companyId: number;
  userId: number;
  sessionId: string;
  admin: boolean;
  queueId: number;
}

/** A ticket update as the app sends it (about 900 bytes of JSON). */
function ticketPayload(companyId: number, seq: number) {
  return {
    action: "update",
    seq,
    ticket: {
      id: seq,
      companyId,
      status: "open",
      unreadMessages: 2,
      lastMessage: "Olá, gostaria de saber o status do meu pedido número 123456, obrigado!",
      updatedAt: new Date().toISOString(),
      isGroup: false,
      whatsappId: 1,
      queueId: null,
      userId: null,
      contact: { id: seq, name: "Cliente da Silva", number: "5511912345678", profilePicUrl: "", email: "", isGroup: false },
      queue: null,
      user: null,
      whatsapp: { id: 1, name: "Atendimento" },
      tags: [{ id: 1, name: "VIP", color: "#ff0000" }],
    },
  };
}

async function seed(database: Database): Promise<Seat[]> {
  const db = database.db;
  const tag = randomBytes(3).toString("hex");
  const [plan] = await db.insert(plans).values({ name: `Fanout ${tag}` }).returning();
  const companyRows = await db
    .insert(companies)
    .values(Array.from({ length: COMPANIES }, (_, i) => ({ name: `Fanout ${tag} ${i}`, planId: plan!.id })))
    .returning({ id: companies.id });
  const queueRows = await db
    .insert(queues)
    .values(companyRows.flatMap((c) => [1, 2].map((q) => ({ companyId: c.id, name: `Fila ${q}`, color: `#00000${q}` }))))
    .returning({ id: queues.id, companyId: queues.companyId });
  const userRows = await db
    .insert(users)
    .values(
      companyRows.flatMap((c) =>
        Array.from({ length: PER_COMPANY }, (_, i) => ({
          companyId: c.id,
          name: `User ${i}`,
          email: `fanout-${tag}-${c.id}-${i}@bench.test`,
          // Never signed in with: the tokens are signed directly.
          passwordHash: "x",
          profile: i === 0 ? ("admin" as const) : ("user" as const),
        })),
      ),
    )
    .returning({ id: users.id, companyId: users.companyId, profile: users.profile });
  const seats: Seat[] = userRows.map((u, i) => {
    const companyQueues = queueRows.filter((q) => q.companyId === u.companyId);
    return { companyId: u.companyId, userId: u.id, sessionId: randomUUID(), admin: u.profile === "admin", queueId: companyQueues[i % 2]!.id };
  });
  await db.insert(userQueues).values(seats.filter((s) => !s.admin).map((s) => ({ companyId: s.companyId, userId: s.userId, queueId: s.queueId })));
  await db.insert(sessions).values(seats.map((s) => ({ id: s.sessionId, companyId: s.companyId, userId: s.userId })));
  return seats;
}

/** Counts every query at the driver while `active` (all of them: the process runs nothing else meanwhile but its jobs). */
const counter = { active: false, n: 0 };
let pgCounted = false;
function countQueries(database: Database): void {
  if (database.kind === "postgres") {
    if (pgCounted) return;
    pgCounted = true;
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      if (counter.active) counter.n++;
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    return;
  }
  const lite = database.pglite!;
  for (const method of ["query", "exec"] as const) {
    const original = lite[method].bind(lite) as (...a: unknown[]) => unknown;
    (lite as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      if (counter.active) counter.n++;
      return original(...args);
    };
  }
}

async function countDuring<T>(work: () => Promise<T>): Promise<{ result: T; queries: number; ms: number }> {
  counter.n = 0;
  counter.active = true;
  const started = performance.now();
  try {
    const result = await work();
    return { result, queries: counter.n, ms: performance.now() - started };
  } finally {
    counter.active = false;
  }
}

function connect(url: string, token: string, seat: Seat, waitReady: boolean): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connectClient(url, {
      transports: ["websocket"],
      auth: { token, companyId: seat.companyId, userId: seat.userId, sessionId: seat.sessionId, admin: seat.admin, queueId: seat.queueId },
      reconnection: false,
      forceNew: true,
      // A loaded machine may take longer than the default 20 s to answer a handshake.
      timeout: 120_000,
    });
    socket.once("connect_error", reject);
    if (waitReady) socket.once(SERVER_EVENTS.ready, () => resolve(socket));
    else socket.once("connect", () => resolve(socket));
  });
}

/** Connects in batches (as a fleet of browsers would arrive), in order, so socket i is seat i. */
async function connectAll(url: string, tokens: string[], seats: Seat[], waitReady: boolean): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let i = 0; i < seats.length; i += 50) {
    sockets.push(...(await Promise.all(seats.slice(i, i + 50).map((s, j) => connect(url, tokens[i + j]!, s, waitReady)))));
  }
  return sockets;
}

/** The baseline: a bare Socket.IO server whose sockets join the same rooms as the app's (from the handshake). */
async function bareServer(redisUrl: string | null): Promise<{ io: Server; http: HttpServer; url: string; close(): Promise<void> }> {
  const http = createServer();
  const io = new Server(http, { transports: ["websocket"], cors: { origin: false } });
  const clients: { quit(): Promise<unknown> }[] = [];
  if (redisUrl) {
    // Channels of its own: the app's broadcasts (same room names) must not reach these sockets.
    const [{ Redis }, { createAdapter }] = await Promise.all([import("ioredis"), import("@socket.io/redis-adapter")]);
    const pub = new Redis(redisUrl, { maxRetriesPerRequest: 3 });
    const sub = pub.duplicate();
    io.adapter(createAdapter(pub, sub, { key: `bench-fanout-bare-${randomBytes(4).toString("hex")}` }));
    clients.push(pub, sub);
  }
  io.on("connection", (socket) => {
    const a = socket.handshake.auth as { companyId: number; userId: number; sessionId: string; admin: boolean; queueId: number };
    const names = [rooms.company(a.companyId), rooms.user(a.userId), rooms.session(a.sessionId)];
    names.push(a.admin ? rooms.admins(a.companyId) : rooms.queue(a.companyId, a.queueId));
    void socket.join(names);
    socket.emit(SERVER_EVENTS.ready);
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  return {
    io,
    http,
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    async close() {
      io.local.disconnectSockets(true);
      io.engine.close();
      await io.of("/").adapter.close();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await Promise.all(clients.map((c) => c.quit().catch(() => undefined)));
    },
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Latencies of every delivery, keyed by the event's sequence number. */
class Probe {
  sentAt = new Map<number, number>();
  expected = 0;
  received = 0;
  latencies: number[] = [];
  /** Time spent in the emit calls themselves (the server's synchronous work: rooms, encoding, socket writes). */
  emitMs: number[] = [];
  recording = false;
  private done: (() => void) | null = null;

  listen(sockets: Socket[], event: (s: Socket) => string): void {
    for (const socket of sockets) {
      socket.on(event(socket), (payload: { seq: number } | undefined) => {
        const at = payload ? this.sentAt.get(payload.seq) : undefined;
        // Only this probe's events (anything else on a shared Redis is not ours).
        if (at === undefined) return;
        if (this.recording) this.latencies.push(performance.now() - at);
        this.received++;
        if (this.received === this.expected) this.done?.();
      });
    }
  }

  async round(expected: number, emitAll: () => void): Promise<void> {
    this.received = 0;
    this.expected = expected;
    const finished = new Promise<void>((resolve) => (this.done = resolve));
    const timeout = setTimeout(() => this.done?.(), 10_000);
    const started = performance.now();
    emitAll();
    if (this.recording) this.emitMs.push(performance.now() - started);
    await finished;
    clearTimeout(timeout);
    if (this.received < expected) throw new Error(`only ${this.received} of ${expected} deliveries within 10 s`);
  }

  summary(): { p50: number; p99: number; n: number; emit: number } {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    const emits = [...this.emitMs].sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), n: sorted.length, emit: percentile(emits, 50) };
  }
}

async function measure(label: string, database: Database, redisUrl: string | null): Promise<void> {
  console.log(`\n${label}${redisUrl ? " + Redis adapter" : ""}`);
  countQueries(database);
  const seats = await seed(database);
  const config = { ...benchConfig(), ...(redisUrl ? { redisUrl, redisKeyPrefix: `bench-fanout-app-${randomBytes(4).toString("hex")}` } : {}) };
  const app = await buildApp({ database, config });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const bare = await bareServer(redisUrl);
  const signer = app.deps.signer;
  const tokens = await Promise.all(seats.map((s) => signer.sign({ userId: s.userId, companyId: s.companyId, sessionId: s.sessionId }).then((t) => t.token)));
  let appSockets: Socket[] = [];
  let bareSockets: Socket[] = [];
  try {
    // Let start-up work (jobs, sessions) settle, then an idle window as the background reference.
    await new Promise((r) => setTimeout(r, 1_000));
    const first = await countDuring(() => connectAll(appUrl, tokens, seats, true));
    appSockets = first.result;
    // The online flags and userStatus work that follows a connection.
    const settle = await countDuring(() => new Promise((r) => setTimeout(r, 500)));
    const idle = await countDuring(() => new Promise((r) => setTimeout(r, first.ms + 500)));
    for (const s of appSockets) s.disconnect();
    // The disconnections' own work (the online flags going false) ends before the reconnections are counted.
    const seatUsers = seats.map((s) => s.userId);
    for (let waited = 0; waited < 60_000; waited += 250) {
      const [left] = await database.db.select({ n: count() }).from(users).where(and(inArray(users.id, seatUsers), eq(users.online, true)));
      if (left!.n === 0) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    await new Promise((r) => setTimeout(r, 500));
    const again = await countDuring(() => connectAll(appUrl, tokens, seats, true));
    appSockets = again.result;
    const settleAgain = await countDuring(() => new Promise((r) => setTimeout(r, 500)));
    const n = seats.length;
    // Background work (jobs polling) runs meanwhile: its rate in the idle window is taken off.
    const idleRate = idle.queries / idle.ms;
    const net = (q: number, ms: number) => Math.max(0, q - idleRate * ms) / n;
    const firstQ = first.queries + settle.queries;
    const againQ = again.queries + settleAgain.queries;
    console.log(
      `  queries per socket connection: first ${net(firstQ, first.ms + settle.ms).toFixed(2)}, reconnection ${net(againQ, again.ms + settleAgain.ms).toFixed(2)}` +
        ` (counted ${firstQ} and ${againQ} for ${n} sockets connected in ${(first.ms / 1000).toFixed(1)} s and ${(again.ms / 1000).toFixed(1)} s,` +
        ` less the background rate: ${idle.queries} in an idle ${(idle.ms / 1000).toFixed(1)} s)`,
    );
    bareSockets = await connectAll(bare.url, tokens, seats, true);
    await new Promise((r) => setTimeout(r, 500));

    const companyIds = [...new Set(seats.map((s) => s.companyId))];
    const firstQueue = new Map(seats.filter((s) => !s.admin).map((s) => [s.companyId, s.queueId]));
    // Each client listens for its own company's ticket event.
    const companyOf = new Map<Socket, number>();
    [...appSockets, ...bareSockets].forEach((s, i) => companyOf.set(s, seats[i % n]!.companyId));
    const listenerEvent = (s: Socket) => companyEvent.ticket(companyOf.get(s)!);

    const realtime = app.deps.realtime;
    // A company event to every socket of the company; a ticket event to the admins and one queue's agents.
    const kinds = {
      company: {
        deliveries: n,
        app: (c: number, p: unknown) => realtime.toCompany(c, companyEvent.ticket(c), p),
        bare: (c: number, p: unknown) => bare.io.to(rooms.company(c)).emit(companyEvent.ticket(c), p),
      },
      ticket: {
        deliveries: seats.filter((s) => s.admin || s.queueId === firstQueue.get(s.companyId)).length,
        app: (c: number, p: unknown) => realtime.toRooms([rooms.admins(c), rooms.queue(c, firstQueue.get(c)!)], companyEvent.ticket(c), p),
        bare: (c: number, p: unknown) => bare.io.to([rooms.admins(c), rooms.queue(c, firstQueue.get(c)!)]).emit(companyEvent.ticket(c), p),
      },
    };
    let seq = 0;
    const profiler = await startProfile();
    for (const [kind, k] of Object.entries(kinds)) {
      const probes = { app: new Probe(), bare: new Probe() };
      probes.app.listen(appSockets, listenerEvent);
      probes.bare.listen(bareSockets, listenerEvent);
      for (let round = 0; round < WARMUP + ROUNDS; round++) {
        // Alternate which server goes first, so neither always runs right after the other's garbage.
        const order = round % 2 === 0 ? (["app", "bare"] as const) : (["bare", "app"] as const);
        for (const who of order) {
          const probe = probes[who];
          probe.recording = round >= WARMUP;
          await probe.round(k.deliveries, () => {
            for (const c of companyIds) {
              const s = ++seq;
              probe.sentAt.set(s, performance.now());
              k[who](c, ticketPayload(c, s));
            }
          });
          await new Promise((r) => setImmediate(r));
        }
      }
      for (const s of [...appSockets, ...bareSockets]) s.removeAllListeners(listenerEvent(s));
      const a = probes.app.summary();
      const b = probes.bare.summary();
      console.log(
        `  ${kind.padEnd(7)} events, ${k.deliveries} deliveries a round:  app p50 ${a.p50.toFixed(1)} ms p99 ${a.p99.toFixed(1)} ms` +
          ` | bare Socket.IO p50 ${b.p50.toFixed(1)} ms p99 ${b.p99.toFixed(1)} ms | p99 ratio ${(a.p99 / b.p99).toFixed(2)} (n=${a.n});` +
          ` median time in the ${companyIds.length} emit calls of a round: app ${a.emit.toFixed(2)} ms, bare ${b.emit.toFixed(2)} ms`,
      );
    }
    await profiler?.stop(`${label}${redisUrl ? "-redis" : ""}`);
  } finally {
    for (const s of [...appSockets, ...bareSockets]) s.disconnect();
    await bare.close();
    await app.close();
  }
}

/**
 * BENCH_CPU_PROFILE=<folder>: a CPU profile of the emission rounds only (not seeding or connecting), one
 * .cpuprofile per database, for Chrome DevTools or `node --cpu-prof`'s usual readers.
 */
async function startProfile(): Promise<{ stop(label: string): Promise<void> } | null> {
  const folder = process.env.BENCH_CPU_PROFILE;
  if (!folder) return null;
  const [{ Session }, { mkdirSync, writeFileSync }, path] = await Promise.all([import("node:inspector/promises"), import("node:fs"), import("node:path")]);
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  return {
    async stop(label) {
      const { profile } = await session.post("Profiler.stop");
      mkdirSync(folder, { recursive: true });
      const file = path.join(folder, `fanout-${label.replace(/[^\w]+/g, "-")}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
      console.log(`  CPU profile of the rounds: ${file}`);
    },
  };
}

async function redisReachable(url: string): Promise<boolean> {
  if (url === "0") return false;
  const { Redis } = await import("ioredis");
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

async function dropDatabase(admin: pg.Client, name: string): Promise<void> {
  process.on("uncaughtException", (err: Error & { code?: string }) => {
    if (err.code !== "57P01") throw err;
  });
  await admin.query(`drop database if exists ${name} with (force)`);
}

async function main(): Promise<void> {
  console.log(`Fan-out: ${COMPANIES * PER_COMPANY} sockets over ${COMPANIES} companies, ${ROUNDS} rounds per server and kind`);
  const redis = (await redisReachable(REDIS_URL)) ? REDIS_URL : null;
  if (!redis && REDIS_URL !== "0") console.log(`Redis not reachable at ${REDIS_URL}: runs without the adapter only`);
  if (process.env.BENCH_SKIP_PGLITE !== "1") {
    for (const r of redis ? [null, redis] : [null]) {
      const database = await openDatabase({ pgliteDir: null });
      try {
        await measure("PGlite (in memory)", database, r);
      } finally {
        await database.close();
      }
    }
  }
  if (process.env.BENCH_SKIP_POSTGRES !== "1") {
    const admin = new pg.Client({ connectionString: PG_URL });
    try {
      await admin.connect();
    } catch (err) {
      console.log(`\nPostgreSQL not reachable at ${PG_URL.replace(/:[^:@/]*@/, ":***@")}: skipped (${(err as Error).message})`);
      return;
    }
    for (const r of redis ? [null, redis] : [null]) {
      const name = `atendo_fanout_${randomBytes(4).toString("hex")}`;
      await admin.query(`create database ${name}`);
      try {
        const url = new URL(PG_URL);
        url.pathname = `/${name}`;
        const database = await openDatabase({ databaseUrl: url.toString() });
        try {
          await measure(`PostgreSQL (${name})`, database, r);
        } finally {
          await database.close();
        }
      } finally {
        await dropDatabase(admin, name);
      }
    }
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
