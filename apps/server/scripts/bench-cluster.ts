/**
 * npm run bench:cluster — several real server processes on one PostgreSQL database and one Redis, as a cluster runs
 * (docs/SCALING.md). The compiled server (the same esbuild bundle `npm start` runs, built into a folder of its own
 * so a concurrent `npm run build` cannot swap it mid-run) is started BENCH_PROCESSES times on a fresh database with
 * REDIS_URL set. BENCH_CONNECTIONS simulator connections over BENCH_COMPANIES companies are created through the
 * processes in turn, so each process holds the session leases of about a third of them; every company has an admin
 * socket on every process. Then, for BENCH_LOAD_SECONDS:
 *   - inbound: simulator customers write (POST /simulator/{id}/chats/{number}/messages) at BENCH_IN_RATE msg/s, each
 *     request to a random live process (a load balancer), so most deliveries cross processes to the lease holder;
 *   - outbound: admins reply (POST /messages/{ticketId}) at BENCH_OUT_RATE msg/s: the outbox's jobs run in any
 *     process and send through the holder;
 *   - at BENCH_KILL_AT seconds the last process is killed with SIGKILL; the survivors take its sessions over when
 *     their leases (SESSION_LEASE_SECONDS, BENCH_LEASE_SECONDS here, default 30 as in production) expire.
 * It prints the throughput in and out, the latency from the customer's POST to the message's socket event on a
 * socket of the lease holder's process and on sockets of the other processes (the Redis adapter's hop), the
 * takeover time (SIGKILL until every session the dead process held is CONNECTED again on a survivor), and, after a
 * drain of at most BENCH_DRAIN_SECONDS, what was lost or duplicated: every accepted customer message must be stored
 * once in `messages`, every accepted reply delivered once to the simulator's customer. CPU seconds of each server
 * process and of PostgreSQL are printed per 1,000 messages (capacity per process, docs/SCALING.md).
 *
 * Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres; a database
 * atendo_bench_cluster_<pid> is created there and dropped), BENCH_REDIS_URL (default: a redis-server of the run's own on
 * a free port, as other Atendo servers on a shared Redis would answer this cluster's session commands; else
 * redis://127.0.0.1:6379),
 * BENCH_PROCESSES (3), BENCH_COMPANIES (10), BENCH_CONNECTIONS (60), BENCH_CHATS (customers per connection, 5),
 * BENCH_IN_RATE (20), BENCH_OUT_RATE (5), BENCH_LOAD_SECONDS (90), BENCH_KILL_AT (20; 0: no kill),
 * BENCH_LEASE_SECONDS (30), BENCH_DRAIN_SECONDS (60), BENCH_KEEP=1 (keep the database and the logs).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, createWriteStream } from "node:fs";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { io, type Socket } from "socket.io-client";
import { companyEvent, type WhatsAppView } from "@atendo/shared";
import { openDatabase, type Database } from "../src/db/client.js";
import { companies, plans, simulatorContacts, users } from "../src/db/schema.js";
import { hashPassword } from "../src/auth/passwords.js";
import { freePort } from "../src/test/free-port.js";

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ROOT = path.resolve(SERVER_DIR, "../..");
const num = (name: string, fallback: number) => (process.env[name] !== undefined && process.env[name] !== "" ? Number(process.env[name]) : fallback);
const PG_BASE = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PROCESSES = Math.max(2, num("BENCH_PROCESSES", 3));
const COMPANIES = Math.max(1, num("BENCH_COMPANIES", 10));
const CONNECTIONS = Math.max(PROCESSES, num("BENCH_CONNECTIONS", 60));
const CHATS = Math.max(1, num("BENCH_CHATS", 5));
const IN_RATE = num("BENCH_IN_RATE", 20);
const OUT_RATE = num("BENCH_OUT_RATE", 5);
const LOAD_SECONDS = num("BENCH_LOAD_SECONDS", 90);
const KILL_AT = num("BENCH_KILL_AT", 20);
const LEASE_SECONDS = num("BENCH_LEASE_SECONDS", 30);
const DRAIN_SECONDS = num("BENCH_DRAIN_SECONDS", 60);
const KEEP = process.env.BENCH_KEEP === "1";
const RUN = randomBytes(3).toString("hex");
const PASSWORD = "bench-cluster-pass";
const JWT_SECRET = randomBytes(32).toString("hex");
const ENCRYPTION_KEY = randomBytes(32).toString("base64");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.now();

async function pgAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_BASE });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** CPU seconds (user + system) of one process, from /proc. */
function cpuOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds of the bench database's PostgreSQL backends (the server is shared with other work): sampled every
 * second from pg_stat_activity and /proc; a backend's time before the first sample is not counted, nor the last second
 * of one that ends between samples (the pools keep theirs open under load).
 */
function createBackendCpuSampler(query: (text: string, values: unknown[]) => Promise<{ pid: number }[]>, dbName: string) {
  const seen = new Map<number, { first: number; last: number }>();
  let timer: NodeJS.Timeout | undefined;
  const sample = async () => {
    for (const { pid } of await query(`select pid from pg_stat_activity where datname = $1`, [dbName])) {
      const cpu = cpuOf(pid);
      const entry = seen.get(pid);
      if (entry) entry.last = Math.max(entry.last, cpu);
      else seen.set(pid, { first: cpu, last: cpu });
    }
  };
  return {
    async start() {
      await sample();
      timer = setInterval(() => void sample().catch(() => undefined), 1000);
    },
    async stop(): Promise<number> {
      clearInterval(timer);
      await sample();
      return [...seen.values()].reduce((sum, e) => sum + e.last - e.first, 0);
    },
  };
}

function rssMb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

interface Server {
  index: number;
  child: ChildProcess;
  base: string;
  alive: boolean;
}

/**
 * A Redis of this run's own (`redis-server` on a free port, nothing saved): the Socket.IO adapter's channels have the
 * same names in every Atendo, so servers of other runs on a shared Redis would receive this cluster's events and
 * session commands, and answer them (docs/SCALING.md, "Redis"). Undefined when redis-server cannot be started.
 */
async function startOwnRedis(): Promise<{ url: string; child: ChildProcess } | undefined> {
  const port = await freePort();
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  const failed = await new Promise<boolean>((resolve) => {
    child.once("error", () => resolve(true));
    const started = Date.now();
    const probe = () => {
      const socket = createConnection(port, "127.0.0.1");
      socket.once("connect", () => (socket.end(), resolve(false)));
      socket.once("error", () => (Date.now() - started > 5_000 ? resolve(true) : setTimeout(probe, 50)));
    };
    probe();
  });
  if (failed) {
    child.kill();
    return undefined;
  }
  return { url: `redis://127.0.0.1:${port}`, child };
}

function startServer(index: number, bundle: string, databaseUrl: string, dataDir: string, logDir: string, port: number, redisUrl: string): Promise<Server> {
  const child = spawn(process.execPath, ["--max-semi-space-size=4", path.join(bundle, "main.js")], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      JWT_SECRET,
      WHATSAPP_ENCRYPTION_KEY: ENCRYPTION_KEY,
      INSTANCE_ID: `cluster-${RUN}-${index}`,
      SESSION_LEASE_SECONDS: String(LEASE_SECONDS),
      LOG_LEVEL: "warn",
      SEED_DEMO: "false",
      SIMULATOR_ENABLED: "true",
      ADMIN_PASSWORD: "bench-cluster-admin-1",
      LOGIN_RATE_LIMIT_PER_IP: "100000",
      LOGIN_RATE_LIMIT_PER_EMAIL: "100000",
      WEB_DIST: "/nonexistent-web-dist",
      TICKET_AUTO_CLOSE_HOURS: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log = createWriteStream(path.join(logDir, `server-${index}.log`));
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`server ${index} did not start within 120 s:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("is running at")) {
        clearTimeout(timer);
        child.stdout!.off("data", onData);
        child.stderr!.off("data", onData);
        resolve({ index, child, base: `http://127.0.0.1:${port}`, alive: true });
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server ${index} exited (${code ?? signal}):\n${output}`));
    });
  });
}

async function api<T = unknown>(base: string, token: string | undefined, method: string, url: string, body?: unknown): Promise<{ status: number; json: T }> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : undefined) as T };
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const ms = (v: number) => (Number.isNaN(v) ? "—" : `${v.toFixed(0)} ms`);
const ms1 = (v: number) => (Number.isNaN(v) ? "—" : `${v.toFixed(1)} ms`);

interface Connection {
  id: number;
  companyId: number;
  numbers: string[];
  /** Index of the server whose process holds the lease (read from session_leases). */
  holder: number;
}

interface Inbound {
  body: string;
  connection: Connection;
  sentAt: number;
  /** The holder when it was sent (the process that stores it in `messages` and emits its event). */
  holder: number;
  accepted: boolean;
  /** The process the POST went to, and its answer (for the report of a lost message). */
  via?: number;
  status?: number;
  /** First socket event per server index. */
  seen: Map<number, number>;
}

interface Outbound {
  body: string;
  companyId: number;
  /** Wall clock (the database runs on this machine: its created_at compares). */
  sentAtWall: number;
  accepted: boolean;
}

async function main(): Promise<void> {
  const started = now();
  const dbName = `atendo_bench_cluster_${process.pid}`;
  const url = new URL(PG_BASE);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const dataDir = mkdtempSync(path.join(tmpdir(), "atendo-bench-cluster-"));
  const logDir = mkdtempSync(path.join(tmpdir(), "atendo-bench-cluster-logs-"));
  // Under dist/ (ignored by git), so the bundle's relative module URLs resolve to this tree's sources and migrations.
  const bundle = path.join(SERVER_DIR, "dist", `bench-cluster-${process.pid}`);
  const servers: Server[] = [];
  const sockets: Socket[] = [];
  let database: Database | undefined;
  let succeeded = false;
  let ownRedis: { url: string; child: ChildProcess } | undefined;

  console.log(
    `bench:cluster: ${PROCESSES} server processes, ${CONNECTIONS} simulator connections over ${COMPANIES} companies (${CHATS} customers each), ` +
      `in ${IN_RATE} msg/s, out ${OUT_RATE} msg/s for ${LOAD_SECONDS} s, SIGKILL of one process at ${KILL_AT || "never"} s, lease ${LEASE_SECONDS} s`,
  );
  try {
    // The compiled server, as `npm start` runs it, built from the working tree into a folder of this run.
    const built = spawnSync(process.execPath, [path.join(SERVER_DIR, "scripts/build.mjs"), "--outdir", bundle], { cwd: ROOT, stdio: "inherit" });
    if (built.status !== 0) throw new Error("the server build failed");

    await pgAdmin(`drop database if exists "${dbName}" with (force)`);
    await pgAdmin(`create database "${dbName}"`);
    database = await openDatabase({ databaseUrl });
    const db = database.db;
    const pool = database.pool!;
    const query = async <T>(text: string, values: unknown[] = []): Promise<T[]> => (await pool.query(text, values)).rows as T[];

    // Companies and admins straight into the database (the platform's signup is not what is measured).
    const [plan] = await db.insert(plans).values({ name: `Cluster ${RUN}`, connections: 1000, users: 1000, queues: 1000 }).returning();
    const passwordHash = await hashPassword(PASSWORD);
    const tenants: { id: number; email: string; token: string }[] = [];
    for (let c = 0; c < COMPANIES; c++) {
      const [company] = await db.insert(companies).values({ name: `Cluster ${RUN} ${c + 1}`, planId: plan!.id }).returning();
      const email = `admin-${company!.id}-${RUN}@cluster.bench`;
      await db.insert(users).values({ companyId: company!.id, name: `Admin ${c + 1}`, email, passwordHash, profile: "admin" });
      tenants.push({ id: company!.id, email, token: "" });
    }

    let redisUrl = process.env.BENCH_REDIS_URL;
    if (!redisUrl) {
      ownRedis = await startOwnRedis();
      redisUrl = ownRedis?.url ?? "redis://127.0.0.1:6379";
      if (!ownRedis) console.log("  redis-server could not be started: using redis://127.0.0.1:6379, shared with whatever else uses it");
    }
    const ports = await Promise.all(Array.from({ length: PROCESSES }, () => freePort()));
    const t0 = now();
    servers.push(...(await Promise.all(ports.map((port, i) => startServer(i, bundle, databaseUrl, dataDir, logDir, port, redisUrl!)))));
    console.log(`  ${PROCESSES} servers answering after ${((now() - t0) / 1000).toFixed(1)} s (logs in ${logDir})`);
    const serverOfPid = new Map(servers.map((s) => [s.child.pid!, s.index]));
    const holderIndex = (holder: string) => {
      const pid = Number(/:(\d+):[0-9a-f]+$/.exec(holder)?.[1]);
      return serverOfPid.get(pid) ?? -1;
    };

    // One login per admin (a second login of the same user would end the first session); the token works on every process.
    for (const t of tenants) {
      const res = await api<{ token: string }>(servers[0]!.base, undefined, "POST", "/auth/login", { email: t.email, password: PASSWORD });
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.json)}`);
      t.token = res.json.token;
    }
    const tokenOf = new Map(tenants.map((t) => [t.id, t.token]));

    // Connections created through the processes in turn: the process that creates one starts its session and holds its lease.
    const connections: Connection[] = [];
    const t1 = now();
    for (let i = 0; i < CONNECTIONS; i++) {
      const tenant = tenants[i % COMPANIES]!;
      const server = servers[i % PROCESSES]!;
      const res = await api<WhatsAppView>(server.base, tenant.token, "POST", "/whatsapp", { name: `Cluster ${i + 1}`, provider: "simulator" });
      if (res.status !== 201) throw new Error(`POST /whatsapp: ${res.status} ${JSON.stringify(res.json)}`);
      let qrcode = res.json.qrcode;
      for (let tries = 0; !qrcode && tries < 100; tries++) {
        await sleep(100);
        qrcode = (await api<WhatsAppView>(server.base, tenant.token, "GET", `/whatsapp/${res.json.id}`)).json.qrcode;
      }
      const scan = await api(servers[(i + 1) % PROCESSES]!.base, tenant.token, "POST", `/simulator/${res.json.id}/scan`, { qrcode });
      if (scan.status !== 204) throw new Error(`scan: ${scan.status} ${JSON.stringify(scan.json)}`);
      const numbers = Array.from({ length: CHATS }, (_, k) => `5511${String(90_000_000 + i * 1000 + k).padStart(9, "0")}`);
      await db.insert(simulatorContacts).values(numbers.map((number, k) => ({ companyId: tenant.id, whatsappId: res.json.id, name: `Cliente ${i + 1}.${k + 1}`, number })));
      connections.push({ id: res.json.id, companyId: tenant.id, numbers, holder: -1 });
    }
    const ids = connections.map((c) => c.id);
    const connectionById = new Map(connections.map((c) => [c.id, c]));
    const readHolders = async () => {
      const rows = await query<{ id: number; status: string; holder: string | null; expired: boolean; fresh: boolean }>(
        `select w.id, w.status, l.holder, l.expires_at < now() as expired, w.updated_at >= l.acquired_at as fresh
         from whatsapps w left join session_leases l on l.whatsapp_id = w.id where w.id = any($1::int[])`,
        [ids],
      );
      return rows.map((r) => ({ ...r, server: r.holder && !r.expired ? holderIndex(r.holder) : -1 }));
    };
    for (;;) {
      const rows = await readHolders();
      if (rows.every((r) => r.status === "CONNECTED" && r.server >= 0)) {
        for (const r of rows) connectionById.get(r.id)!.holder = r.server;
        break;
      }
      if (now() - t1 > 120_000) throw new Error(`connections not CONNECTED after 120 s: ${JSON.stringify(rows.filter((r) => r.status !== "CONNECTED" || r.server < 0))}`);
      await sleep(250);
    }
    const spread = servers.map((s) => connections.filter((c) => c.holder === s.index).length);
    console.log(`  ${CONNECTIONS} connections CONNECTED after ${((now() - t1) / 1000).toFixed(1)} s; sessions per process: ${spread.join(" / ")}`);

    // Sockets: every company's admin on every process.
    const inbound = new Map<string, Inbound>();
    const outbound = new Map<string, Outbound>();
    const eventCounts = new Map<string, number>();
    await Promise.all(
      servers.flatMap((server) =>
        tenants.map(
          (tenant) =>
            new Promise<void>((resolve, reject) => {
              const socket = io(server.base, { transports: ["websocket"], auth: { token: tenant.token }, reconnection: false, forceNew: true });
              sockets.push(socket);
              socket.on(companyEvent.appMessage(tenant.id), (payload: { action: string; message?: { body?: string; fromMe?: boolean } }) => {
                if (payload.action !== "create" || !payload.message?.body || payload.message.fromMe) return;
                const record = inbound.get(payload.message.body);
                if (record && !record.seen.has(server.index)) record.seen.set(server.index, now());
              });
              socket.onAny((event: string) => eventCounts.set(event.replace(/^company-\d+-/, "company-*-"), (eventCounts.get(event.replace(/^company-\d+-/, "company-*-")) ?? 0) + 1));
              socket.once("connect", () => resolve());
              socket.once("connect_error", reject);
            }),
        ),
      ),
    );
    console.log(`  ${sockets.length} admin sockets connected (${tenants.length} per process)`);

    // Every chat writes once first, so each has a ticket the admins can reply to.
    let seq = 0;
    const liveServers = () => servers.filter((s) => s.alive);
    const pick = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
    let inFlight = 0;
    let refusedIn = 0;
    let refusedOut = 0;
    const refusals = new Map<string, number>();
    const countRefusal = (what: string) => refusals.set(what, (refusals.get(what) ?? 0) + 1);
    const sendInbound = async (connection: Connection, number: string) => {
      const body = `in-${RUN}-${++seq}`;
      const server = pick(liveServers());
      const record: Inbound = { body, connection, sentAt: now(), holder: connection.holder, accepted: false, seen: new Map() };
      inbound.set(body, record);
      inFlight++;
      try {
        record.via = server.index;
        const res = await api(server.base, tokenOf.get(connection.companyId), "POST", `/simulator/${connection.id}/chats/${number}/messages`, { type: "text", body });
        record.status = res.status;
        record.accepted = res.status === 201;
        if (!record.accepted) {
          refusedIn++;
          countRefusal(`in ${res.status} ${(res.json as { error?: string })?.error ?? ""}`);
        }
      } catch (err) {
        refusedIn++;
        countRefusal(`in ${(err as Error).name}`);
      } finally {
        inFlight--;
      }
    };
    const t2 = now();
    await Promise.all(connections.flatMap((c) => c.numbers.map((n) => sendInbound(c, n))));
    const ticketsOf = new Map<number, number[]>();
    for (;;) {
      const rows = await query<{ company_id: number; id: number }>(
        `select company_id, id from tickets where whatsapp_id = any($1::int[]) and status <> 'closed'`,
        [ids],
      );
      if (rows.length >= CONNECTIONS * CHATS) {
        for (const r of rows) ticketsOf.set(r.company_id, [...(ticketsOf.get(r.company_id) ?? []), r.id]);
        break;
      }
      if (now() - t2 > 60_000) throw new Error(`only ${rows.length} tickets after the first messages`);
      await sleep(250);
    }
    const warmupBodies = new Set(inbound.keys());
    console.log(`  ${CONNECTIONS * CHATS} chats opened (first messages) in ${((now() - t2) / 1000).toFixed(1)} s`);

    // The load.
    const loadStart = now();
    const cpuStart = servers.map((s) => cpuOf(s.child.pid!));
    const backends = createBackendCpuSampler((text, values) => query<{ pid: number }>(text, values), dbName);
    await backends.start();
    let outSeq = 0;
    let killedAt: number | undefined;
    let killedIndex = -1;
    const killedConnections: number[] = [];
    let firstBack: number | undefined;
    let allBack: number | undefined;
    let cpuAtKill: number[] = [];
    const pending: Promise<void>[] = [];
    const sendOutbound = async () => {
      const companyId = pick(tenants).id;
      const ticketId = pick(ticketsOf.get(companyId)!);
      const body = `out-${RUN}-${++outSeq}`;
      const record: Outbound = { body, companyId, sentAtWall: Date.now(), accepted: false };
      outbound.set(body, record);
      inFlight++;
      try {
        const res = await api(pick(liveServers()).base, tokenOf.get(companyId), "POST", `/messages/${ticketId}`, { body });
        record.accepted = res.status === 201;
        if (!record.accepted) {
          refusedOut++;
          countRefusal(`out ${res.status} ${(res.json as { error?: string })?.error ?? ""}`);
        }
      } catch (err) {
        refusedOut++;
        countRefusal(`out ${(err as Error).name}`);
      } finally {
        inFlight--;
      }
    };
    const takeoverWatch = async () => {
      while (killedAt !== undefined && allBack === undefined) {
        const rows = (await readHolders()).filter((r) => killedConnections.includes(r.id));
        const back = rows.filter((r) => r.status === "CONNECTED" && r.server >= 0 && r.server !== killedIndex && r.fresh);
        for (const r of back) connectionById.get(r.id)!.holder = r.server;
        if (back.length > 0 && firstBack === undefined) firstBack = now();
        if (back.length === rows.length) allBack = now();
        else await sleep(200);
      }
    };
    let watcher: Promise<void> | undefined;
    const inInterval = IN_RATE > 0 ? 1000 / IN_RATE : Infinity;
    const outInterval = OUT_RATE > 0 ? 1000 / OUT_RATE : Infinity;
    let nextIn = loadStart;
    let nextOut = loadStart;
    const progress = setInterval(() => {
      const elapsed = (now() - loadStart) / 1000;
      const seenIn = [...inbound.values()].filter((r) => !warmupBodies.has(r.body) && r.seen.size > 0).length;
      console.log(`  … ${elapsed.toFixed(0)} s: sent in ${seq - warmupBodies.size} (seen on a socket ${seenIn}), out ${outSeq}, in flight ${inFlight}`);
    }, 15_000);
    while (now() - loadStart < LOAD_SECONDS * 1000) {
      const t = now();
      if (KILL_AT > 0 && killedAt === undefined && t - loadStart >= KILL_AT * 1000) {
        const victim = servers[PROCESSES - 1]!;
        killedIndex = victim.index;
        killedConnections.push(...connections.filter((c) => c.holder === victim.index).map((c) => c.id));
        cpuAtKill = servers.map((s) => cpuOf(s.child.pid!));
        victim.alive = false;
        victim.child.kill("SIGKILL");
        killedAt = now();
        console.log(`  … ${((killedAt - loadStart) / 1000).toFixed(0)} s: SIGKILL server ${victim.index} (${killedConnections.length} sessions)`);
        watcher = takeoverWatch();
      }
      // Open loop at the offered rates; a request past 200 in flight is skipped (counted) rather than piling up.
      while (nextIn <= t) {
        nextIn += inInterval;
        if (inFlight > 200) {
          countRefusal("in skipped: 200 requests in flight");
          continue;
        }
        const connection = pick(connections);
        pending.push(sendInbound(connection, pick(connection.numbers)));
      }
      while (nextOut <= t) {
        nextOut += outInterval;
        if (inFlight > 200) {
          countRefusal("out skipped: 200 requests in flight");
          continue;
        }
        pending.push(sendOutbound());
      }
      await sleep(Math.max(1, Math.min(nextIn, nextOut) - now()));
    }
    const loadEnd = now();
    clearInterval(progress);
    const cpuEnd = servers.map((s) => (s.alive ? cpuOf(s.child.pid!) : 0));
    const pgCpu = await backends.stop();
    const rss = servers.map((s) => (s.alive ? rssMb(s.child.pid!) : 0));
    await Promise.all(pending);

    // Drain: until every accepted message is stored / delivered, or the drain time is up.
    const load = [...inbound.values()].filter((r) => !warmupBodies.has(r.body));
    const acceptedIn = load.filter((r) => r.accepted);
    const acceptedOut = [...outbound.values()].filter((r) => r.accepted);
    const storedCounts = async () =>
      new Map(
        (
          await query<{ body: string; n: number }>(
            `select body, count(*)::int as n from messages where whatsapp_id = any($1::int[]) and from_me = false and body like $2 group by body`,
            [ids, `in-${RUN}-%`],
          )
        ).map((r) => [r.body, r]),
      );
    const deliveredCounts = async () =>
      new Map(
        (
          await query<{ body: string; n: number; first: Date }>(
            `select body, count(*)::int as n, min(created_at) as first from simulator_messages
             where whatsapp_id = any($1::int[]) and direction = 'out' and body like $2 group by body`,
            [ids, `out-${RUN}-%`],
          )
        ).map((r) => [r.body, r]),
      );
    const outboxState = () =>
      query<{ send_status: string; n: number }>(
        `select send_status, count(*)::int as n from messages where whatsapp_id = any($1::int[]) and from_me and body like $2 group by send_status`,
        [ids, `out-${RUN}-%`],
      );
    const drainStart = now();
    let stored = await storedCounts();
    let delivered = await deliveredCounts();
    for (;;) {
      const missingIn = acceptedIn.filter((r) => !stored.has(r.body)).length;
      const states = await outboxState();
      const queued = states.find((s) => s.send_status === "queued")?.n ?? 0;
      if ((missingIn === 0 && queued === 0) || now() - drainStart > DRAIN_SECONDS * 1000) break;
      await sleep(500);
      stored = await storedCounts();
      delivered = await deliveredCounts();
    }
    const drainSeconds = (now() - drainStart) / 1000;
    if (watcher) await Promise.race([watcher, sleep(1000)]);
    const finalOutbox = await outboxState();
    const final = await readHolders();

    // Throughput over the load window, from the database's own times (stored customer messages, delivered replies).
    const ago = (t: number) => (now() - t) / 1000;
    const [window] = await query<{ inbound: number; outbound: number }>(
      `select
         (select count(*)::int from messages where whatsapp_id = any($1::int[]) and from_me = false and body like $2
            and created_at between now() - make_interval(secs => $4) and now() - make_interval(secs => $5)) as inbound,
         (select count(*)::int from simulator_messages where whatsapp_id = any($1::int[]) and direction = 'out' and body like $3
            and created_at between now() - make_interval(secs => $4) and now() - make_interval(secs => $5)) as outbound`,
      [ids, `in-${RUN}-%`, `out-${RUN}-%`, ago(loadStart), ago(loadEnd)],
    );
    const windowSeconds = (loadEnd - loadStart) / 1000;

    const lostIn = acceptedIn.filter((r) => !stored.has(r.body)).length;
    const dupIn = acceptedIn.filter((r) => (stored.get(r.body)?.n ?? 0) > 1).length;
    const storedUnaccepted = load.filter((r) => !r.accepted && stored.has(r.body)).length;
    const lostOut = acceptedOut.filter((r) => !delivered.has(r.body)).length;
    const failedOut = finalOutbox.find((row) => row.send_status === "failed")?.n ?? 0;
    const dupOut = acceptedOut.filter((r) => (delivered.get(r.body)?.n ?? 0) > 1).length;

    // Event latency: POST by the customer → the message's event on a socket of the holder, and of every other live process.
    const phase = (r: Inbound) => (killedAt === undefined || r.sentAt < killedAt ? "before" : allBack !== undefined && r.sentAt >= allBack ? "after" : "during");
    const latencies: Record<string, { local: number[]; remote: number[]; hop: number[]; unseen: number }> = {
      before: { local: [], remote: [], hop: [], unseen: 0 },
      during: { local: [], remote: [], hop: [], unseen: 0 },
      after: { local: [], remote: [], hop: [], unseen: 0 },
    };
    for (const r of acceptedIn) {
      const bucket = latencies[phase(r)]!;
      // Stored (and emitted) by the holder when sent; a message sent while its holder was dead, by the survivor that took it.
      const storedBy = phase(r) === "before" ? r.holder : connectionById.get(r.connection.id)!.holder;
      if (r.seen.size === 0) bucket.unseen++;
      for (const [index, at] of r.seen) (index === storedBy ? bucket.local : bucket.remote).push(at - r.sentAt);
      // The same message on another process's socket after the holder's own: what the Redis adapter adds.
      const localAt = r.seen.get(storedBy);
      if (localAt !== undefined) for (const [index, at] of r.seen) if (index !== storedBy) bucket.hop.push(at - localAt);
    }
    // A reply's delivery: POST /messages → the simulator's customer has it (its row's created_at).
    const outLatency = acceptedOut.filter((r) => delivered.has(r.body)).map((r) => new Date(delivered.get(r.body)!.first).getTime() - r.sentAtWall);

    const load1 = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
    console.log(`\nResults (load average ${load1}; total bench time so far ${((now() - started) / 1000).toFixed(0)} s)`);
    console.log(`| measure | value |`);
    console.log(`| --- | --- |`);
    console.log(`| offered | in ${IN_RATE} msg/s, out ${OUT_RATE} msg/s, ${windowSeconds.toFixed(0)} s |`);
    console.log(`| throughput in (customer messages stored during the load) | ${(window!.inbound / windowSeconds).toFixed(1)} msg/s (${window!.inbound}) |`);
    console.log(`| throughput out (replies delivered to the simulator during the load) | ${(window!.outbound / windowSeconds).toFixed(1)} msg/s (${window!.outbound}) |`);
    for (const key of ["before", "during", "after"] as const) {
      const b = latencies[key]!;
      if (b.local.length + b.remote.length + b.unseen === 0) continue;
      const label = key === "before" ? "before the kill" : key === "during" ? "kill → all sessions back" : "after the takeover";
      console.log(
        `| event latency ${label}: holder's socket p50 / p99 | ${ms(percentile(b.local, 50))} / ${ms(percentile(b.local, 99))} (${b.local.length}) |`,
      );
      console.log(
        `| event latency ${label}: other processes' sockets p50 / p99 | ${ms(percentile(b.remote, 50))} / ${ms(percentile(b.remote, 99))} (${b.remote.length})${b.unseen ? `; ${b.unseen} accepted messages never seen` : ""} |`,
      );
      console.log(`| ${label}: other process's socket after the holder's, same message, p50 / p99 | ${ms1(percentile(b.hop, 50))} / ${ms1(percentile(b.hop, 99))} |`);
    }
    console.log(`| reply delivery latency (POST /messages → the simulator's customer has it) p50 / p99 | ${ms(percentile(outLatency, 50))} / ${ms(percentile(outLatency, 99))} (${outLatency.length}) |`);
    if (killedAt !== undefined) {
      const backOn = servers.filter((s) => s.alive).map((s) => `${final.filter((r) => killedConnections.includes(r.id) && r.server === s.index).length} on server ${s.index}`);
      console.log(
        `| takeover (SIGKILL → every one of the ${killedConnections.length} sessions CONNECTED on a survivor) | ${allBack !== undefined ? `${((allBack - killedAt) / 1000).toFixed(1)} s` : "NOT within the run"} (first back after ${firstBack !== undefined ? `${((firstBack - killedAt) / 1000).toFixed(1)} s` : "—"}; ${backOn.join(", ")}) |`,
      );
    }
    console.log(`| inbound: accepted / refused by the API / lost / duplicated | ${acceptedIn.length} / ${load.length - acceptedIn.length} / **${lostIn}** / **${dupIn}**${storedUnaccepted ? ` (${storedUnaccepted} refused to the client but stored once)` : ""} |`);
    console.log(
      `| outbound: accepted / refused / not delivered after the drain / delivered twice | ${acceptedOut.length} / ${outSeq - acceptedOut.length} / **${lostOut}** / **${dupOut}** (outbox: ${finalOutbox.map((s) => `${s.send_status} ${s.n}`).join(", ")}) |`,
    );
    console.log(`| drain after the load | ${drainSeconds.toFixed(1)} s |`);
    const cpuLoad = servers.map((s, i) => (s.alive ? cpuEnd[i]! - cpuStart[i]! : (cpuAtKill[i] ?? 0) - cpuStart[i]!));
    const messagesHandled = window!.inbound + window!.outbound;
    console.log(
      `| CPU during the load, per server (s) | ${cpuLoad.map((c, i) => `${i}: ${c.toFixed(1)}${servers[i]!.alive ? "" : " (until killed)"}`).join(", ")}; PostgreSQL ${pgCpu.toFixed(1)} |`,
    );
    console.log(
      `| CPU seconds per 1,000 messages (in + out) | servers ${((cpuLoad.reduce((a, b) => a + b, 0) / Math.max(1, messagesHandled)) * 1000).toFixed(1)}, PostgreSQL ${((pgCpu / Math.max(1, messagesHandled)) * 1000).toFixed(1)} |`,
    );
    console.log(`| RSS per live server at the end of the load | ${rss.map((r, i) => (servers[i]!.alive ? `${i}: ${r.toFixed(0)} MB` : `${i}: killed`)).join(", ")} |`);
    if (lostIn > 0) {
      const lost = acceptedIn.filter((r) => !stored.has(r.body)).slice(0, 10);
      const rows = await query<{ body: string; ack: number; message_id: string; created_at: Date }>(
        `select body, ack, message_id, created_at from simulator_messages where whatsapp_id = any($1::int[]) and body = any($2::text[])`,
        [ids, lost.map((r) => r.body)],
      );
      const rowOf = new Map(rows.map((r) => [r.body, r]));
      const at = (t: number) => `${((t - loadStart) / 1000).toFixed(1)} s`;
      console.log(
        `lost customer messages (first 10; kill at ${killedAt ? at(killedAt) : "—"}, all back at ${allBack ? at(allBack) : "—"}):\n${lost
          .map((r) => {
            const row = rowOf.get(r.body);
            return `  ${r.body}: connection ${r.connection.id} (holder ${r.holder} when sent, ${connectionById.get(r.connection.id)!.holder} at the end${killedConnections.includes(r.connection.id) ? ", the killed process's" : ""}), sent at ${at(r.sentAt)} via server ${r.via}, answer ${r.status}; simulator row ${row ? `${row.message_id} ack ${row.ack}` : "missing"}`;
          })
          .join("\n")}`,
      );
    }
    if (failedOut > 0) {
      const failed = await query<{ whatsapp_id: number; send_error: string | null; seconds: number }>(
        `select whatsapp_id, send_error, extract(epoch from updated_at - created_at)::float8 as seconds from messages
         where whatsapp_id = any($1::int[]) and from_me and body like $2 and send_status = 'failed'`,
        [ids, `out-${RUN}-%`],
      );
      console.log(
        `failed replies: ${failed
          .map((f) => `${f.send_error} after ${f.seconds.toFixed(1)} s on connection ${f.whatsapp_id}${killedConnections.includes(f.whatsapp_id) ? " (the killed process's)" : ""}`)
          .join("; ")}`,
      );
    }
    console.log(`socket events received: ${[...eventCounts.entries()].map(([k, v]) => `${k} ×${v}`).join(", ")}`);
    if (refusals.size > 0) console.log(`refusals: ${[...refusals.entries()].map(([k, v]) => `${k} ×${v}`).join(", ")}`);
    // Lost or doubled messages, a reply given up on, or sessions not taken over fail the bench; replies still queued
    // after the drain (an outbox slower than the offered rate) are printed above but are no failure of the cluster.
    if (lostIn + dupIn + dupOut + failedOut > 0 || (killedAt !== undefined && allBack === undefined)) process.exitCode = 1;
    succeeded = true;
  } finally {
    for (const socket of sockets) socket.disconnect();
    await Promise.all(
      servers.map((s) =>
        s.child.exitCode !== null || s.child.signalCode !== null ? undefined : new Promise((r) => (s.child.once("exit", r), s.child.kill("SIGTERM"))),
      ),
    );
    await database?.close();
    ownRedis?.child.kill();
    if (!KEEP) await pgAdmin(`drop database if exists "${dbName}" with (force)`).catch((err) => console.error(`could not drop ${dbName}: ${err}`));
    // The servers' logs stay when something went wrong.
    if (!KEEP && process.exitCode !== 1 && succeeded) rmSync(logDir, { recursive: true, force: true });
    else console.log(`server logs kept in ${logDir}`);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(bundle, { recursive: true, force: true });
    console.log(`bench:cluster done in ${((now() - started) / 1000).toFixed(0)} s`);
  }
}

await main();
