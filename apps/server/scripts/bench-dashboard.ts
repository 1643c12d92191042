/**
 * npm run bench:dashboard — p50/p95 of the dashboard's queries (GET /dashboard's service, all its aggregates) for a
 * 30-day period, over a company with 100,000 tickets (spread over 90 days, as bench:tickets seeds them) and
 * 1,000,000 messages, on PGlite and (when reachable) on a fresh PostgreSQL database. Also times the whole request
 * through the app (authentication, validation) for reference.
 *
 * Environment: BENCH_TICKETS (100000), BENCH_MESSAGES_PER_TICKET (10), BENCH_REQUESTS (100),
 * BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres: a throwaway database
 * is created there and dropped afterwards), BENCH_SKIP_PGLITE=1 / BENCH_SKIP_POSTGRES=1, BENCH_KEEP=1.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { sql } from "drizzle-orm";
import type { DashboardView } from "@atendo/shared";
import { openDatabase, type Database } from "../src/db/client.js";
import { buildApp } from "../src/app.js";
import { benchConfig } from "./bench-config.js";
import { companies, plans, queues, users, whatsapps } from "../src/db/schema.js";
import { hashPassword } from "../src/auth/passwords.js";
import { getDashboard } from "../src/dashboard/get-dashboard.js";

const TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000);
const PER_TICKET = Number(process.env.BENCH_MESSAGES_PER_TICKET ?? 10);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const QUEUES = 6;
const USERS = 20;

/**
 * The company of bench:tickets (the same generate_series seeding: 10% pending, 20% open, 70% closed over 90 days,
 * 1 in 17 without a queue), plus what the dashboard reads: first acceptance 1 to 30 minutes after creation, a close
 * up to a day later, and a rating on 1 closed ticket in 3. Answers the admin's login.
 */
async function fill(database: Database): Promise<{ companyId: number; email: string; password: string }> {
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
    .values(
      Array.from({ length: USERS }, (_, i) => ({
        companyId,
        name: `Agente ${i + 1}`,
        email: `agent-${i}-${companyId}@bench.test`,
        passwordHash,
        profile: i === 0 ? ("admin" as const) : ("user" as const),
        online: i % 3 === 0,
      })),
    )
    .returning();
  const queueArray = sql.raw(`ARRAY[${queueRows.map((q) => q.id).join(",")}]`);
  const userArray = sql.raw(`ARRAY[${userRows.map((u) => u.id).join(",")}]`);
  const started = Date.now();
  await db.execute(sql`
    insert into contacts (company_id, name, number, canonical_number, created_at)
    select ${companyId}, 'Cliente ' || g, (5511900000000 + g)::text, (5511900000000 + g)::text,
           now() - ((g * 7919) % 7776000) * interval '1 second' - interval '1 day'
    from generate_series(1, ${TICKETS}) g`);
  await db.execute(sql`
    insert into tickets (company_id, contact_id, whatsapp_id, user_id, queue_id, status, last_message, last_message_at,
                         unread_messages, created_at, updated_at, accepted_at, closed_at)
    select c.company_id, c.id, ${connection!.id},
           case when s.status = 'pending' then null else (${userArray})[1 + (c.id / 10) % ${USERS}] end,
           case when c.id % 17 = 0 then null else (${queueArray})[1 + c.id % ${QUEUES}] end,
           s.status, 'última mensagem ' || c.id, s.at, case when s.status = 'closed' then 0 else c.id % 4 end,
           s.at - interval '1 day', s.at,
           case when s.status <> 'pending' then s.at - interval '1 day' + (1 + c.id % 30) * interval '1 minute' end,
           case when s.status = 'closed' then s.at end
    from contacts c
    cross join lateral (select case when (c.id * 7) % 10 = 0 then 'pending' when (c.id * 7) % 10 in (1, 2) then 'open' else 'closed' end as status,
                               now() - ((c.id * 7919) % 7776000) * interval '1 second' as at) s
    where c.company_id = ${companyId}`);
  await db.execute(sql`
    insert into ticket_ratings (company_id, ticket_id, user_id, rate, created_at)
    select t.company_id, t.id, t.user_id, 1 + t.id % 5, t.closed_at
    from tickets t where t.company_id = ${companyId} and t.status = 'closed' and t.id % 3 = 0`);
  await db.execute(sql`
    insert into messages (company_id, ticket_id, whatsapp_id, chat_contact_id, contact_id, provider_id, body, from_me, ack,
                          send_status, created_at, updated_at)
    select t.company_id, t.id, t.whatsapp_id, t.contact_id, t.contact_id, 'B' || t.id || '-' || g,
           'mensagem ' || g || ' do atendimento ' || t.id, g % 2 = 0, 3, 'received',
           t.updated_at - (${PER_TICKET} - g) * interval '1 minute', t.updated_at - (${PER_TICKET} - g) * interval '1 minute'
    from tickets t cross join generate_series(1, ${PER_TICKET}) g
    where t.company_id = ${companyId}`);
  await db.execute(sql`analyze`);
  console.log(`  filled ${TICKETS} tickets and ${TICKETS * PER_TICKET} messages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { companyId, email: userRows[0]!.email, password };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `n=${sorted.length} p50=${percentile(sorted, 50).toFixed(1)} ms p95=${percentile(sorted, 95).toFixed(1)} ms`;
};

async function measure(label: string, database: Database): Promise<void> {
  console.log(`\n${label}`);
  const login = await fill(database);
  const to = new Date();
  const from = new Date(to.getTime() - 30 * 86_400_000);
  const period = { companyId: login.companyId, from, to, tzOffset: -180 };
  // Warm up (plans, caches), then the service alone: the dashboard's queries.
  const first = await getDashboard(database.db, period);
  console.log(`  30 days: ${first.cards.pending + first.cards.open + first.cards.closed} tickets, ${first.cards.newContacts} new contacts`);
  const queries: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    await getDashboard(database.db, period);
    queries.push(performance.now() - started);
  }
  console.log(`  dashboard queries (30 days, all aggregates)  ${summary(queries)}`);

  const app = await buildApp({ database, config: benchConfig() });
  await app.ready();
  try {
    const res = await app.inject({ method: "POST", url: "/auth/login", payload: { email: login.email, password: login.password } });
    const headers = { authorization: `Bearer ${res.json<{ token: string }>().token}` };
    const url = `/dashboard?from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}&tzOffset=-180`;
    const requests: number[] = [];
    for (let i = 0; i < Math.ceil(REQUESTS / 2); i++) {
      const started = performance.now();
      const answer = await app.inject({ method: "GET", url, headers });
      requests.push(performance.now() - started);
      if (answer.statusCode !== 200) throw new Error(`${answer.statusCode} ${answer.body}`);
      answer.json<DashboardView>();
    }
    console.log(`  GET /dashboard (whole request)              ${summary(requests)}`);
  } finally {
    await app.close();
  }
}

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
  console.log(`Dashboard: ${TICKETS} tickets, ${TICKETS * PER_TICKET} messages, ${REQUESTS} runs per database`);
  if (process.env.BENCH_SKIP_POSTGRES !== "1") {
    const admin = new pg.Client({ connectionString: PG_URL });
    let reachable = true;
    try {
      await admin.connect();
    } catch (err) {
      reachable = false;
      console.log(`\nPostgreSQL not reachable at ${PG_URL.replace(/:[^:@/]*@/, ":***@")}: skipped (${(err as Error).message})`);
    }
    if (reachable) {
      const name = `atendo_bench_${randomBytes(4).toString("hex")}`;
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
        if (process.env.BENCH_KEEP === "1") console.log(`  kept database ${name}`);
        else await dropDatabase(admin, name);
        await admin.end();
      }
    }
  }
  if (process.env.BENCH_SKIP_PGLITE !== "1") {
    const database = await openDatabase({ pgliteDir: null });
    try {
      await measure("PGlite (in memory)", database);
    } finally {
      await database.close();
    }
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
