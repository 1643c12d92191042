/**
 * npm run bench:tickets — p50/p95 and queries per request of GET /tickets for one agent and for an admin with
 * show-all, on every tab and on a search by message text and by contact name, on a company with 100,000 tickets and
 * 1,000,000 messages, on PGlite and (when reachable) on PostgreSQL. Rows are made with generate_series in SQL; requests
 * go through the whole app (authentication, validation, visibility, presenters) with app.inject. The same-run baseline
 * is the query shape before issue 15 (scripts/baseline/), called directly on the same rows (without HTTP and session:
 * the comparison favours the baseline), with the ratio printed.
 *
 * Environment: BENCH_TICKETS (default 100000), BENCH_MESSAGES_PER_TICKET (10), BENCH_REQUESTS (200 per kind and user: the p95 is then the 10th slowest, not the 2nd of 40, which one GC pause set),
 * BENCH_BASELINE=0 (skips the baseline), TEST_DATABASE_URL or BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres: a throwaway database is created there and dropped afterwards),
 * BENCH_SKIP_PGLITE=1 / BENCH_SKIP_POSTGRES=1,
 * BENCH_KEEP=1 (keeps the PostgreSQL database for EXPLAIN), BENCH_REUSE=<name> (measures on a database kept earlier,
 * without filling one: a change to the list's query is then measured in seconds, not after minutes of filling).
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { eq, like, min, sql } from "drizzle-orm";
import type { TicketPage } from "@atendo/shared";
import { openDatabase, type Database } from "../src/db/client.js";
import { buildApp } from "../src/app.js";
import { benchConfig } from "./bench-config.js";
import { companies, contacts, plans, queues, tickets, userQueues, users, whatsapps } from "../src/db/schema.js";
import { listTicketsBefore } from "./baseline/list-tickets-before-15.js";
import { hashPassword } from "../src/auth/passwords.js";

const TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000);
const PER_TICKET = Number(process.env.BENCH_MESSAGES_PER_TICKET ?? 10);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const BASELINE = process.env.BENCH_BASELINE !== "0";
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REUSE = process.env.BENCH_REUSE;
const QUEUES = 6;
const USERS = 20;

/** The company: 6 queues, 20 agents (the measured one in queues 1 and 2), TICKETS tickets with their contacts and messages. */
interface Filled {
  password: string;
  companyId: number;
  agent: { id: number; email: string };
  admin: { id: number; email: string };
}

async function fill(database: Database): Promise<Filled> {
  const db = database.db;
  const [plan] = await db.insert(plans).values({ name: `Bench ${randomBytes(3).toString("hex")}` }).returning();
  const [company] = await db.insert(companies).values({ name: `Bench ${randomBytes(3).toString("hex")}`, planId: plan!.id }).returning();
  const companyId = company!.id;
  const [connection] = await db.insert(whatsapps).values({ companyId, name: "Bench", provider: "simulator", isDefault: true }).returning();
  const queueRows = await db
    .insert(queues)
    .values(Array.from({ length: QUEUES }, (_, i) => ({ companyId, name: `Fila ${i + 1}`, color: `#0000${String(i).padStart(2, "0")}` })))
    .returning();
  const password = "bench-pass";
  const passwordHash = await hashPassword(password);
  const userRows = await db
    .insert(users)
    .values(Array.from({ length: USERS }, (_, i) => ({ companyId, name: `Agente ${i + 1}`, email: `agent-${i}-${companyId}@bench.test`, passwordHash })))
    .returning();
  const agent = userRows[0]!;
  const [admin] = await db
    .insert(users)
    .values({ companyId, name: "Admin", email: `admin-${companyId}@bench.test`, passwordHash, profile: "admin" })
    .returning();
  await db.insert(userQueues).values([
    { companyId, userId: agent.id, queueId: queueRows[0]!.id },
    { companyId, userId: agent.id, queueId: queueRows[1]!.id },
  ]);
  const queueArray = sql.raw(`ARRAY[${queueRows.map((q) => q.id).join(",")}]`);
  const userArray = sql.raw(`ARRAY[${userRows.map((u) => u.id).join(",")}]`);

  let started = Date.now();
  await db.execute(sql`
    insert into contacts (company_id, name, number, canonical_number)
    select ${companyId}, 'Cliente ' || g, (5511900000000 + g)::text, (5511900000000 + g)::text
    from generate_series(1, ${TICKETS}) g`);
  // 10% pending, 20% open, 70% closed; 1 in 17 without a queue; open and closed ones assigned round the agents.
  await db.execute(sql`
    insert into tickets (company_id, contact_id, whatsapp_id, user_id, queue_id, status, last_message, last_message_at,
                         unread_messages, created_at, updated_at, closed_at)
    select c.company_id, c.id, ${connection!.id},
           case when s.status = 'pending' then null else (${userArray})[1 + (c.id / 10) % ${USERS}] end,
           case when c.id % 17 = 0 then null else (${queueArray})[1 + c.id % ${QUEUES}] end,
           s.status, 'última mensagem ' || c.id, s.at, case when s.status = 'closed' then 0 else c.id % 4 end,
           s.at - interval '1 day', s.at, case when s.status = 'closed' then s.at end
    from contacts c
    cross join lateral (select case when (c.id * 7) % 10 = 0 then 'pending' when (c.id * 7) % 10 in (1, 2) then 'open' else 'closed' end as status,
                               now() - ((c.id * 7919) % 7776000) * interval '1 second' as at) s
    where c.company_id = ${companyId}`);
  await db.execute(sql`
    insert into messages (company_id, ticket_id, whatsapp_id, chat_contact_id, contact_id, provider_id, body, from_me, ack,
                          send_status, created_at, updated_at)
    select t.company_id, t.id, t.whatsapp_id, t.contact_id, t.contact_id, 'B' || t.id || '-' || g,
           'mensagem ' || g || ' do atendimento ' || t.id || ' ' || substr(md5((t.id * 100 + g)::text), 1, 10),
           g % 2 = 0, 3, 'received', t.updated_at - (${PER_TICKET} - g) * interval '1 minute', t.updated_at - (${PER_TICKET} - g) * interval '1 minute'
    from tickets t cross join generate_series(1, ${PER_TICKET}) g
    where t.company_id = ${companyId}`);
  // Vacuumed as well as analysed, as autovacuum keeps a live database: without it the first kind measured pays for
  // setting the hint bits of the rows it reads first (agent open: p95 16.7 ms on one fresh fill, 11.5 on an older one).
  await db.execute(sql`vacuum analyze`);
  console.log(`  filled ${TICKETS} tickets and ${TICKETS * PER_TICKET} messages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  started = Date.now();
  return { password, companyId, agent: { id: agent.id, email: agent.email }, admin: { id: admin!.id, email: admin!.email } };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Counts the statements this process sends to the app's database (pg-boss's own pool is apart on PostgreSQL). */
function countQueries(database: Database): { read(): number } {
  let n = 0;
  const target = (database.pool ?? database.pglite) as unknown as { query: (...args: unknown[]) => unknown };
  const original = target.query.bind(target);
  target.query = (...args: unknown[]) => {
    n++;
    return original(...args);
  };
  return { read: () => n };
}

type Kind = "open" | "pending" | "closed" | "search-text" | "search-name";
const KINDS: Kind[] = ["open", "pending", "closed", "search-text", "search-name"];

/** The company a kept database was filled with (BENCH_REUSE): the bench's users, found by their addresses. */
async function filledBefore(database: Database): Promise<Filled> {
  const [agent] = await database.db.select({ id: users.id, email: users.email, companyId: users.companyId }).from(users).where(like(users.email, "agent-0-%@bench.test"));
  if (!agent) throw new Error("BENCH_REUSE: this database holds no bench company");
  const [admin] = await database.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, `admin-${agent.companyId}@bench.test`));
  return { password: "bench-pass", companyId: agent.companyId, agent: { id: agent.id, email: agent.email }, admin: admin! };
}

async function measure(label: string, database: Database): Promise<void> {
  console.log(`\n${label}`);
  const filled = REUSE ? await filledBefore(database) : await fill(database);
  const queries = countQueries(database);
  const app = await buildApp({ database, config: benchConfig() });
  await app.ready();
  try {
    const [first] = await database.db.select({ id: min(tickets.id) }).from(tickets);
    const firstId = first?.id ?? 1;
    const [firstContact] = await database.db.select({ id: min(contacts.id) }).from(contacts);
    const firstContactId = firstContact?.id ?? 1;
    // Message text of one ticket (and of those whose id continues it), or a contact's name: a trigram match each.
    const term = (kind: Kind, i: number) =>
      kind === "search-text"
        ? `atendimento ${firstId + ((i * 7919) % TICKETS)}`
        : `Cliente ${1 + ((i * 7919 + firstContactId) % TICKETS)}`;
    const params = (kind: Kind, i: number, showAll: boolean) =>
      kind.startsWith("search")
        ? { searchParam: term(kind, i), pageNumber: 1, showAll }
        : { status: kind as "open" | "pending" | "closed", pageNumber: 1 + (i % 3), showAll };
    for (const who of [
      { name: "agent", user: filled.agent, showAll: false, seesAll: false },
      { name: "admin show-all", user: filled.admin, showAll: true, seesAll: true },
    ]) {
      const res = await app.inject({ method: "POST", url: "/auth/login", payload: { email: who.user.email, password: filled.password } });
      const headers = { authorization: `Bearer ${res.json<{ token: string }>().token}` };
      console.log(`  ${who.name}`);
      for (const kind of KINDS) {
        const url = (i: number) => `/tickets?${new URLSearchParams(Object.entries(params(kind, i, who.showAll)).map(([k, v]) => [k, String(v)])).toString()}`;
        const run = async (call: (i: number) => Promise<number>) => {
          await call(0); // warm up: the first request of a kind plans and caches
          const times: number[] = [];
          const perRequest: number[] = [];
          let count = 0;
          for (let i = 0; i < REQUESTS; i++) {
            const before = queries.read();
            const started = performance.now();
            count = await call(i);
            times.push(performance.now() - started);
            perRequest.push(queries.read() - before);
          }
          return { p50: percentile(times.sort((a, b) => a - b), 50), p95: percentile(times, 95), q: percentile(perRequest.sort((a, b) => a - b), 50), count };
        };
        const now = await run(async (i) => {
          const answer = await app.inject({ method: "GET", url: url(i), headers });
          if (answer.statusCode !== 200) throw new Error(`${kind}: ${answer.statusCode} ${answer.body}`);
          return answer.json<TicketPage>().count;
        });
        let line = `    ${kind.padEnd(11)} n=${REQUESTS} p50=${now.p50.toFixed(1)} ms p95=${now.p95.toFixed(1)} ms queries/request=${now.q} (count ${now.count})`;
        if (BASELINE) {
          const who2 = { userId: who.user.id, companyId: filled.companyId, seesAll: who.seesAll };
          const before = await run(async (i) => (await listTicketsBefore(database.db, who2, params(kind, i, who.showAll))).count);
          line += ` | before issue 15: p50=${before.p50.toFixed(1)} p95=${before.p95.toFixed(1)} ms queries=${before.q + 1} (count ${before.count}) | p95 ratio ${(before.p95 / now.p95).toFixed(1)}x`;
        }
        console.log(line);
      }
    }
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
  // A pool that never let go: its clients are terminated; their error is expected.
  process.on("uncaughtException", (err: Error & { code?: string }) => {
    if (err.code !== "57P01") throw err;
  });
  await admin.query(`drop database if exists ${name} with (force)`);
}

async function main(): Promise<void> {
  console.log(`GET /tickets, agent and admin show-all: ${TICKETS} tickets, ${TICKETS * PER_TICKET} messages, ${REQUESTS} requests per kind`);
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
  const name = REUSE ?? `atendo_bench_${randomBytes(4).toString("hex")}`;
  if (!REUSE) await admin.query(`create database ${name}`);
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
    if (process.env.BENCH_KEEP === "1" || REUSE) console.log(`  kept database ${name}`);
    else await dropDatabase(admin, name);
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
