/**
 * npm run bench:cloud-webhook — the Cloud API webhook on the hot path: posts signed Meta deliveries (one customer text
 * each) at a steady rate to POST /webhooks/whatsapp-cloud/{key} of a listening app, and prints the endpoint's answer
 * time (p50/p99) and the rate at which the messages come out of ingestion (rows committed), beside the same number of
 * customer messages sent through the simulator's API at the same rate in the same run. On PGlite (in memory) and,
 * when reachable (TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres), on a throwaway PostgreSQL
 * database. Target (issue 19): p99 within 50 ms at 200 requests/s on PostgreSQL, ingestion keeping up, nothing lost.
 * Options: BENCH_MESSAGES (default 2000), BENCH_RATE (requests/s, default 200), BENCH_CHATS (default 200),
 * BENCH_ONLY (pglite or postgres).
 */
import { createHmac, randomBytes } from "node:crypto";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { and, count, eq, like } from "drizzle-orm";
import pg from "pg";
import { buildApp } from "../src/app.js";
import { openDatabase, type Database } from "../src/db/client.js";
import { cloudWebhookInbox, companies, messages, plans, users, whatsapps } from "../src/db/schema.js";
import { hashPassword } from "../src/auth/passwords.js";
import { sealCloudSecret } from "../src/whatsapp/cloudapi/cloud-secrets.js";
import { newCloudVerifyToken, newCloudWebhookKey } from "../src/whatsapp/cloudapi/cloud-webhook-url.js";
import { writeSimulatorLogin } from "../src/whatsapp/simulator/simulator-store.js";
import { inboundText, startFakeGraphApi, type FakeGraphApi } from "../src/test/fakes/graph-api.js";
import { benchConfig } from "./bench-config.js";

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 2000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const CHATS = Number(process.env.BENCH_CHATS ?? 200);
const DEFAULT_PG = "postgres://postgres@127.0.0.1:5432/postgres";

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const chatNumber = (i: number) => `55119${(60000000 + i).toString()}`;

interface Posts {
  latencies: number[];
  /** The same, of the posts after the first second (every chat's first message, which opens its ticket, and warm-up). */
  warm: number[];
  /** Answers other than 2xx and failed requests, by status or error (what "refused" is made of). */
  refused: Map<string, number>;
  accepted: number;
}

/** Fires `send(i)` for i in 0..MESSAGES-1 at RATE per second (not waiting for answers); returns each answer's time. */
async function atSteadyRate(send: (i: number) => Promise<number>): Promise<Posts> {
  const latencies: number[] = [];
  const warm: number[] = [];
  const refused = new Map<string, number>();
  const refuse = (why: string) => refused.set(why, (refused.get(why) ?? 0) + 1);
  let accepted = 0;
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < MESSAGES; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const t0 = performance.now();
    pending.push(
      send(i).then(
        (status) => {
          if (status >= 300) refuse(String(status));
          else accepted++;
          latencies.push(performance.now() - t0);
          if (i >= RATE) warm.push(performance.now() - t0);
        },
        (err: Error & { cause?: { code?: string } }) => void refuse(err.cause?.code ?? err.message),
      ),
    );
  }
  await Promise.all(pending);
  return { latencies, warm, refused, accepted };
}

/** Polls until `expected` messages are stored (or 60 s pass); answers when the last one was seen, in ms from `since`. */
async function waitStored(read: () => Promise<number>, expected: number, since: number): Promise<{ stored: number; ms: number }> {
  const end = Date.now() + 60_000;
  let stored = 0;
  while (Date.now() < end) {
    stored = await read();
    if (stored >= expected) break;
    await sleep(50);
  }
  return { stored, ms: performance.now() - since };
}

async function run(label: string, database: Database, graph: FakeGraphApi): Promise<void> {
  const config = { ...benchConfig(), whatsappCloudApiUrl: graph.url, whatsappCloudApiVersion: graph.version, outboundAllowHosts: ["127.0.0.1"] };
  const app = await buildApp({ database, config });
  await app.ready();
  const { db } = database;
  try {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    if (!address || typeof address === "string") throw new Error("no address");
    const base = `http://127.0.0.1:${address.port}`;
    const [plan] = await db.insert(plans).values({ name: `Bench ${randomBytes(3).toString("hex")}` }).returning();
    const [company] = await db.insert(companies).values({ name: "Bench", planId: plan!.id }).returning();
    const companyId = company!.id;
    const password = "bench-password";
    const [admin] = await db
      .insert(users)
      .values({ companyId, name: "Bench admin", email: `bench-${randomBytes(4).toString("hex")}@atendo.local`, passwordHash: await hashPassword(password), profile: "admin" })
      .returning();

    // The Cloud API connection, verified, its session running here.
    const phone = graph.addPhone();
    const appSecret = randomBytes(16).toString("hex");
    const key = newCloudWebhookKey();
    const [cloud] = await db
      .insert(whatsapps)
      .values({
        companyId,
        name: "Bench Cloud",
        provider: "cloudapi",
        cloudPhoneNumberId: phone.id,
        cloudBusinessAccountId: phone.wabaId,
        cloudAccessToken: sealCloudSecret(config.whatsappEncryptionKey, companyId, "token", phone.token),
        cloudAppSecret: sealCloudSecret(config.whatsappEncryptionKey, companyId, "app-secret", appSecret),
        cloudVerifyToken: newCloudVerifyToken(),
        cloudWebhookKey: key,
        cloudWebhookVerifiedAt: new Date(),
      })
      .returning();
    await app.deps.sessions.startSession(cloud!.id);
    // The simulator connection, logged in.
    const [sim] = await db.insert(whatsapps).values({ companyId, name: "Bench Simulator", provider: "simulator" }).returning();
    await writeSimulatorLogin(db, sim!.id);
    await app.deps.sessions.startSession(sim!.id);
    const login = await app.inject({ method: "POST", url: "/auth/login", payload: { email: admin!.email, password } });
    const auth = { authorization: `Bearer ${login.json().token}`, "content-type": "application/json" };
    for (let end = Date.now() + 10_000; Date.now() < end; await sleep(50)) {
      const rows = await db.select({ status: whatsapps.status }).from(whatsapps).where(eq(whatsapps.companyId, companyId));
      if (rows.every((r) => r.status === "CONNECTED")) break;
    }
    for (let c = 0; c < CHATS; c++) {
      await fetch(`${base}/simulator/${sim!.id}/contacts`, { method: "POST", headers: auth, body: JSON.stringify({ name: `Cliente ${c}`, number: chatNumber(c) }) });
    }

    const url = `${base}/webhooks/whatsapp-cloud/${key}`;
    const bodies = Array.from({ length: MESSAGES }, (_, i) => {
      const c = i % CHATS;
      const raw = JSON.stringify(inboundText(phone, { name: `Cliente ${c}`, waId: chatNumber(c) }, `nuvem ${i}`, { id: `wamid.BENCH${i}` }).payload);
      return { raw, signature: `sha256=${createHmac("sha256", appSecret).update(raw).digest("hex")}` };
    });
    const countOf = (whatsappId: number, prefix: string) => async () =>
      Number((await db.select({ n: count() }).from(messages).where(and(eq(messages.whatsappId, whatsappId), eq(messages.fromMe, false), like(messages.body, `${prefix}%`))))[0]?.n ?? 0);

    // The process's event-loop delay while posting: server, ingestion and this client share one thread, so an answer
    // can wait on CPU (this figure) rather than on the endpoint's own work or the database.
    const loopDelay = monitorEventLoopDelay({ resolution: 5 });
    loopDelay.enable();
    const cloudStart = performance.now();
    const cloudPosts = await atSteadyRate(async (i) => {
      const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": bodies[i]!.signature }, body: bodies[i]!.raw });
      await res.arrayBuffer();
      return res.status;
    });
    loopDelay.disable();
    const cloudStored = await waitStored(countOf(cloud!.id, "nuvem "), MESSAGES, cloudStart);
    // The inbox drains: every stored delivery is deleted once ingested (batched), so nothing is left behind.
    const inboxLeft = () => db.select({ n: count() }).from(cloudWebhookInbox).where(eq(cloudWebhookInbox.whatsappId, cloud!.id)).then((r) => Number(r[0]?.n ?? 0));
    let left = await inboxLeft();
    for (let end = Date.now() + 10_000; left > 0 && Date.now() < end; await sleep(100)) left = await inboxLeft();

    const simStart = performance.now();
    const simPosts = await atSteadyRate(async (i) => {
      const res = await fetch(`${base}/simulator/${sim!.id}/chats/${chatNumber(i % CHATS)}/messages`, { method: "POST", headers: auth, body: JSON.stringify({ type: "text", body: `simulador ${i}` }) });
      await res.arrayBuffer();
      return res.status;
    });
    const simStored = await waitStored(countOf(sim!.id, "simulador "), MESSAGES, simStart);

    const line = (name: string, posts: Posts, stored: { stored: number; ms: number }) => {
      const sorted = [...posts.latencies].sort((a, b) => a - b);
      const warm = [...posts.warm].sort((a, b) => a - b);
      const refused = [...posts.refused].map(([why, n]) => `${n} ${why}`).join(", ") || "0";
      return [
        `  ${name}: endpoint p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms; refused ${refused}`,
        `    after the first second: p50 ${percentile(warm, 50).toFixed(1)} ms, p99 ${percentile(warm, 99).toFixed(1)} ms`,
        `    ingestion: ${stored.stored}/${MESSAGES} stored in ${(stored.ms / 1000).toFixed(2)} s (${((stored.stored / stored.ms) * 1000).toFixed(0)} messages/s)`,
        // Lost: answered 2xx (the sender will not send again) but never stored.
        `    lost: ${Math.max(0, posts.accepted - stored.stored)} (posted ${MESSAGES}, accepted ${posts.accepted}, stored ${stored.stored})`,
      ].join("\n");
    };
    console.log(`${label}: ${MESSAGES} customer messages at ${RATE}/s over ${CHATS} chats`);
    console.log(line("Cloud API webhook", cloudPosts, cloudStored));
    console.log(`    event-loop delay while posting: p50 ${(loopDelay.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms, max ${(loopDelay.max / 1e6).toFixed(1)} ms`);
    console.log(`    inbox rows left after ingestion: ${left}${left > 0 ? "  NOT DRAINED" : " (drained)"}`);
    console.log(line("simulator API    ", simPosts, simStored));
  } finally {
    await app.close();
  }
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
  const graph = await startFakeGraphApi();
  try {
    const only = process.env.BENCH_ONLY;
    if (only !== "postgres") {
      const pglite = await openDatabase({ pgliteDir: null });
      try {
        await run("PGlite (in memory)", pglite, graph);
      } finally {
        await pglite.close();
      }
    }
    if (only === "pglite") return;
    const target = await postgresUrl();
    if (!target) return;
    const postgres = await openDatabase({ databaseUrl: target.url });
    try {
      await run("PostgreSQL", postgres, graph);
    } finally {
      await postgres.close();
      await target.drop();
    }
  } finally {
    await graph.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
