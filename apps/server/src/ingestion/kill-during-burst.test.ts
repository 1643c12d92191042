import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { REPO_ROOT } from "../config.js";
import { messages, tickets } from "../db/schema.js";
import { createIsolatedDatabase } from "../test/isolated-database.js";
import { createCompany } from "../test/helpers.js";
import { eventually } from "../test/socket-client.js";
import { createConnection } from "./test-support.js";
import { burstProviderId } from "./burst-child.js";

/**
 * The guarantee: a process killed with SIGKILL during a 2,000-message burst loses and duplicates nothing once
 * the burst is delivered again. A second process must open the database after the first died: PostgreSQL.
 */
const databaseUrl = inject("databaseUrl");
describe.runIf(databaseUrl)("kill -9 during a 2,000-message burst (PostgreSQL)", () => {
  const CHATS = 50;
  const PER_CHAT = 40;
  let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    database = await createIsolatedDatabase();
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await database?.close();
  });

  function startBurst(env: NodeJS.ProcessEnv): { child: ChildProcess; exited: Promise<number | null>; output: () => string } {
    const child = spawn(process.execPath, ["--import", "tsx", "src/ingestion/burst-child.ts"], {
      cwd: path.join(REPO_ROOT, "apps/server"),
      env: { ...process.env, ...env, DATABASE_URL: database.url! },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    return { child, exited, output: () => output };
  }

  it("stores every message once, in each chat's order, with one ticket per chat and exact unread counts", { timeout: 300_000 }, async () => {
    const company = await createCompany(database.db);
    const connection = await createConnection(database.db, company.id);
    const env = { BURST_COMPANY: String(company.id), BURST_CONNECTION: String(connection.id), BURST_CHATS: String(CHATS), BURST_PER_CHAT: String(PER_CHAT), BURST_BASE_MS: String(Date.now() - 3_600_000) };
    const stored = async () => (await database.db.select({ n: count() }).from(messages).where(eq(messages.companyId, company.id)))[0]!.n;

    const first = startBurst(env);
    // Killed mid-burst: some messages committed, others in flight (in a batch, between statements, after commit).
    await eventually(async () => (await stored()) >= 300, 120_000);
    first.child.kill("SIGKILL");
    await first.exited;
    const atKill = await stored();
    expect(atKill).toBeLessThan(CHATS * PER_CHAT);

    const second = startBurst(env);
    expect(await second.exited, second.output()).toBe(0);

    const rows = await database.db
      .select({ id: messages.id, providerId: messages.providerId, body: messages.body, ticketId: messages.ticketId })
      .from(messages)
      .where(eq(messages.companyId, company.id))
      .orderBy(asc(messages.id));
    expect(rows).toHaveLength(CHATS * PER_CHAT);
    expect(new Set(rows.map((r) => r.providerId)).size).toBe(CHATS * PER_CHAT);
    for (let c = 0; c < CHATS; c++) {
      const ids = new Set(Array.from({ length: PER_CHAT }, (_, n) => burstProviderId(c, n)));
      // Stored in the chat's order: by id, the bodies count 0, 1, 2, …
      expect(rows.filter((r) => ids.has(r.providerId!)).map((r) => Number(r.body))).toEqual(Array.from({ length: PER_CHAT }, (_, n) => n));
    }
    const ticketRows = await database.db.select().from(tickets).where(eq(tickets.companyId, company.id));
    expect(ticketRows).toHaveLength(CHATS);
    expect(ticketRows.every((t) => t.unreadMessages === PER_CHAT)).toBe(true);
  });
});
