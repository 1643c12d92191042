import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { REPO_ROOT } from "../../config.js";
import { sessionLeases, whatsapps } from "../../db/schema.js";
import { createIsolatedDatabase } from "../../test/isolated-database.js";
import { eventually } from "../../test/socket-client.js";
import { DEMO_CONNECTION_NAME } from "../../seed/seed-demo-connection.js";

/**
 * The "done when": a process holding a session lease is killed, and another process takes the session
 * over. Two real server processes need a database both can open: PostgreSQL (PGlite belongs to one process).
 * They get a database of their own, seeded with the demo company, whose simulator connection starts connected.
 */
const databaseUrl = inject("databaseUrl");
describe.runIf(databaseUrl)("session takeover between two server processes on PostgreSQL", () => {
  const LEASE_SECONDS = 3;
  let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  const children: ChildProcess[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), "atendo-takeover-"));

  beforeAll(async () => {
    database = await createIsolatedDatabase();
  });
  /** A clean stop of every server still running: each releases its leases. */
  const stopAll = () =>
    Promise.all(
      children.map((child) => (child.exitCode !== null || child.signalCode !== null ? undefined : new Promise((r) => (child.once("exit", r), child.kill("SIGTERM"))))),
    );
  afterAll(async () => {
    await stopAll();
    await database?.close();
  });

  /** The compiled server (test/global-setup.ts), one process per server, so a SIGKILL kills the server itself. */
  function startServer(port: number, extraEnv: NodeJS.ProcessEnv = {}): Promise<ChildProcess> {
    const child = spawn(process.execPath, [inject("serverMain")], {
      cwd: path.join(REPO_ROOT, "apps/server"),
      env: {
        ...process.env,
        DATABASE_URL: database.url!,
        REDIS_URL: "",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        JWT_SECRET: "takeover-test-secret-takeover-test-secret-01",
        LOG_LEVEL: "warn",
        SEED_DEMO: "true",
        SIMULATOR_ENABLED: "true",
        SESSION_LEASE_SECONDS: String(LEASE_SECONDS),
        ADMIN_PASSWORD: "not-used-here-123",
        DEMO_PASSWORD: "not-used-here",
        INSTANCE_ID: "",
        ...extraEnv,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    return new Promise((resolve, reject) => {
      let output = "";
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("is running at")) {
          clearTimeout(timer);
          resolve(child);
        }
      };
      child.stdout!.on("data", onData);
      child.stderr!.on("data", onData);
      child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
    });
  }

  const demo = async () => (await database.db.select().from(whatsapps).where(eq(whatsapps.name, DEMO_CONNECTION_NAME)))[0];
  const lease = async (id: number) => (await database.db.select().from(sessionLeases).where(eq(sessionLeases.whatsappId, id)))[0];
  const heldBy = (holder: string | undefined, child: ChildProcess) => Boolean(holder?.includes(`:${child.pid}:`));

  it("a killed holder's session is taken over by the other process, connected again, within the lease and a sweep", { timeout: 120_000 }, async () => {
    const base = 21_000 + (process.pid % 20_000);
    const a = await startServer(base);
    await eventually(async () => (await demo())?.status === "CONNECTED", 30_000);
    const connection = (await demo())!;
    await eventually(async () => heldBy((await lease(connection.id))?.holder, a), 10_000);

    const b = await startServer(base + 1);
    // While A lives, B leaves the session alone.
    await new Promise((r) => setTimeout(r, LEASE_SECONDS * 1000));
    expect(heldBy((await lease(connection.id))?.holder, a)).toBe(true);

    const killedAt = Date.now();
    a.kill("SIGKILL");
    await eventually(async () => heldBy((await lease(connection.id))?.holder, b), 20_000);
    const taken = (await lease(connection.id))!;
    expect(taken.acquiredAt.getTime()).toBeGreaterThan(killedAt - 1_000);
    // B started the session itself: it went through OPENING again and is CONNECTED, written after the takeover.
    await eventually(async () => {
      const row = await demo();
      return row?.status === "CONNECTED" && row.updatedAt.getTime() >= taken.acquiredAt.getTime();
    }, 10_000);
    expect(Date.now() - killedAt).toBeLessThan((LEASE_SECONDS * 2 + 10) * 1000);
  });

  it("a process restarted with its INSTANCE_ID takes its session back at once; a process with another id waits for the lease", { timeout: 180_000 }, async () => {
    await stopAll();
    // Ten-minute leases: whoever runs the session again within the test took it back, it did not wait.
    const env = (id: string) => ({ INSTANCE_ID: id, SESSION_LEASE_SECONDS: "600" });
    const base = 23_000 + (process.pid % 20_000);
    const a = await startServer(base, env("takeover-a"));
    const connection = (await demo())!;
    await eventually(async () => heldBy((await lease(connection.id))?.holder, a), 30_000);
    expect((await lease(connection.id))!.holder.startsWith("takeover-a@")).toBe(true);

    a.kill("SIGKILL");
    await new Promise((r) => (a.exitCode !== null || a.signalCode !== null ? r(undefined) : a.once("exit", r)));
    const other = await startServer(base + 1, env("takeover-b"));
    // Its boot sweep has run and left the dead holder's live lease alone.
    await new Promise((r) => setTimeout(r, 2_000));
    expect(heldBy((await lease(connection.id))?.holder, a)).toBe(true);

    const restartedAt = Date.now();
    const restarted = await startServer(base + 2, env("takeover-a"));
    await eventually(async () => heldBy((await lease(connection.id))?.holder, restarted), 30_000);
    const taken = (await lease(connection.id))!;
    expect(taken.acquiredAt.getTime()).toBeGreaterThan(restartedAt - 1_000);
    await eventually(async () => {
      const row = await demo();
      return row?.status === "CONNECTED" && row.updatedAt.getTime() >= taken.acquiredAt.getTime();
    }, 10_000);
    expect(heldBy((await lease(connection.id))?.holder, other)).toBe(false);
  });
});
