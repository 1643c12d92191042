/**
 * npm run bench:campaign — the send rate of a campaign to 1,000 contacts at interval 0, through the whole app: the
 * start job, the dispatch, one delivery job per contact (contact, ticket, outbox message, shipping row in one
 * transaction) and the outbox's send jobs to the simulator. On PGlite and (when reachable) on PostgreSQL.
 * Prints the time until every contact's message is queued (FINALIZADA) and until the simulator received them all.
 *
 * Environment: BENCH_CAMPAIGN_CONTACTS (default 1000), TEST_DATABASE_URL or BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres: a throwaway database is created there and dropped afterwards),
 * BENCH_SKIP_PGLITE=1 / BENCH_SKIP_POSTGRES=1.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { and, eq, sql } from "drizzle-orm";
import type { CampaignView, WhatsAppView } from "@atendo/shared";
import { openDatabase, type Database } from "../src/db/client.js";
import { buildApp } from "../src/app.js";
import { benchConfig } from "./bench-config.js";
const ALL_PLAN_FLAGS = { useCampaigns: true, useKanban: true, useOpenAi: true, useIntegrations: true, useSchedules: true, useInternalChat: true, useExternalApi: true, useInternal: true };
import { campaignShippings, campaigns, companies, contactListItems, contactLists, messages, plans, simulatorContacts, users, whatsapps } from "../src/db/schema.js";
import { hashPassword } from "../src/auth/passwords.js";

const CONTACTS = Number(process.env.BENCH_CAMPAIGN_CONTACTS ?? 1000);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("bench: timed out");
}

async function measure(label: string, database: Database): Promise<void> {
  console.log(`\n${label}`);
  const db = database.db;
  const [plan] = await db.insert(plans).values({ name: `Bench ${randomBytes(3).toString("hex")}`, ...ALL_PLAN_FLAGS }).returning();
  const [company] = await db.insert(companies).values({ name: `Bench ${randomBytes(3).toString("hex")}`, planId: plan!.id }).returning();
  const companyId = company!.id;
  const password = "bench-pass";
  const [admin] = await db
    .insert(users)
    .values({ companyId, name: "Admin", email: `admin-${companyId}@bench.test`, passwordHash: await hashPassword(password), profile: "admin" })
    .returning();
  const app = await buildApp({ database, config: { ...benchConfig(), sessionSweep: true } });
  await app.ready();
  try {
    const token = (await app.inject({ method: "POST", url: "/auth/login", payload: { email: admin!.email, password } })).json<{ token: string }>().token;
    const headers = { authorization: `Bearer ${token}` };
    const connection = (await app.inject({ method: "POST", url: "/whatsapp", headers, payload: { name: "Bench", provider: "simulator" } })).json<WhatsAppView>();
    await app.inject({ method: "POST", url: `/simulator/${connection.id}/scan`, headers, payload: { qrcode: connection.qrcode } });
    await waitFor(async () => (await db.select().from(whatsapps).where(eq(whatsapps.id, connection.id)))[0]?.status === "CONNECTED", 15_000);

    const numbers = Array.from({ length: CONTACTS }, (_, i) => String(5511900000000 + i + 1));
    await db.insert(simulatorContacts).values(numbers.map((number, i) => ({ companyId, whatsappId: connection.id, name: `Cliente ${i + 1}`, number })));
    const [list] = await db.insert(contactLists).values({ companyId, name: "Bench" }).returning();
    await db.insert(contactListItems).values(numbers.map((number, i) => ({ companyId, contactListId: list!.id, name: `Cliente ${i + 1}`, number, isWhatsappValid: true })));
    await app.inject({ method: "POST", url: "/campaign-settings", headers, payload: { settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } } });

    const started = performance.now();
    const created = (
      await app.inject({
        method: "POST",
        url: "/campaigns",
        headers,
        payload: { name: "Bench", message1: "Olá {nome}!", message2: "Oi {nome}, tudo bem?", contactListId: list!.id, whatsappId: connection.id, scheduledAt: new Date().toISOString() },
      })
    ).json<CampaignView>();
    const progress = setInterval(() => {
      void db
        .select({ status: campaignShippings.status, n: sql<number>`count(*)::int` })
        .from(campaignShippings)
        .where(eq(campaignShippings.campaignId, created.id))
        .groupBy(campaignShippings.status)
        .then((rows) => console.log(`  … ${((performance.now() - started) / 1000).toFixed(0)} s: ${rows.map((r) => `${r.status} ${r.n}`).join(", ") || "dispatching"}`));
    }, 15_000);
    await waitFor(async () => (await db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, created.id)))[0]?.status === "FINALIZADA", 600_000);
    clearInterval(progress);
    const queuedSeconds = (performance.now() - started) / 1000;
    const sentCount = async () =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(messages).where(and(eq(messages.companyId, companyId), eq(messages.sendStatus, "sent"))))[0]!.n;
    await waitFor(async () => (await sentCount()) >= CONTACTS, 600_000);
    const sentSeconds = (performance.now() - started) / 1000;
    const view = (await app.inject({ method: "GET", url: `/campaigns/${created.id}`, headers })).json<CampaignView>();
    console.log(`  ${CONTACTS} contacts: all queued (FINALIZADA) in ${queuedSeconds.toFixed(1)} s = ${(CONTACTS / queuedSeconds).toFixed(1)} contacts/s`);
    console.log(`  all sent to the simulator in ${sentSeconds.toFixed(1)} s = ${(CONTACTS / sentSeconds).toFixed(1)} messages/s`);
    console.log(`  report: delivered ${view.stats.delivered} / valid ${view.stats.validContacts}, failed ${view.stats.failed}`);
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
  console.log(`Campaign to ${CONTACTS} contacts at interval 0 through the simulator`);
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
