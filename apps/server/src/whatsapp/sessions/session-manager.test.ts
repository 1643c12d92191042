import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { sessionLeases, simulatorContacts, simulatorMessages, whatsappAuthKeys, whatsapps } from "../../db/schema.js";
import { createFileStorage } from "../../storage/file-storage.js";
import { createCompany, testConfig } from "../../test/helpers.js";
import { createIsolatedDatabase } from "../../test/isolated-database.js";
import { eventually } from "../../test/socket-client.js";
import type { ProviderEvent } from "../provider.js";
import { simulatorProvider } from "../simulator/simulator-provider.js";
import { readSimulatorLogin, writeSimulatorLogin } from "../simulator/simulator-store.js";
import { createProviderRegistry, unavailableBaileysProvider } from "./providers.js";
import { createSessionManager, type ConnectionRef, type InboundEvent, type SessionManager } from "./session-manager.js";

/**
 * Two session managers on one database stand for two processes (different holder ids). The sweep reads every
 * company, so the file has a database of its own. Leases last one second here; nothing runs on timers: each test
 * drives the managers' ticks itself.
 */
let database: Database;
beforeAll(async () => {
  database = await createIsolatedDatabase();
});
afterAll(async () => {
  await database.close();
});

const managers: SessionManager[] = [];
afterEach(async () => {
  for (const m of managers.splice(0)) await m.abandon();
});

const LEASE_SECONDS = 1;
const expire = () => new Promise((r) => setTimeout(r, LEASE_SECONDS * 1000 + 200));

function manager(
  name: string,
  opts: { inbound?: (ref: ConnectionRef, e: InboundEvent) => Promise<void>; changes?: ConnectionRef[]; instanceId?: string; leaseSeconds?: number } = {},
) {
  const db = database.db;
  const logger = pino({ level: "silent" });
  const realtime = { toAdmins: () => undefined, toCompany: () => undefined, toRooms: () => undefined };
  const m = createSessionManager({
    db,
    logger,
    holderId: `${name}-${randomBytes(3).toString("hex")}`,
    instanceId: opts.instanceId,
    leaseSeconds: opts.leaseSeconds ?? LEASE_SECONDS,
    providers: createProviderRegistry([unavailableBaileysProvider, simulatorProvider({ connectMs: 5, sentAckMs: 10, deliveredAckMs: 20 })]),
    providerDeps: { db, logger, realtime, storage: createFileStorage(testConfig().dataDir), config: testConfig() },
    onInboundEvent: opts.inbound,
    onConnectionChange: async (ref) => void opts.changes?.push(ref),
  });
  managers.push(m);
  return m;
}

async function connection(values: Partial<typeof whatsapps.$inferInsert> = {}, opts: { loggedIn?: boolean } = {}) {
  const company = await createCompany(database.db);
  const [row] = await database.db
    .insert(whatsapps)
    .values({ companyId: company.id, name: `Lease ${randomBytes(3).toString("hex")}`, provider: "simulator", ...values })
    .returning();
  if (opts.loggedIn ?? true) await writeSimulatorLogin(database.db, row!.id);
  return row!;
}

const statusOf = async (id: number) => (await database.db.select().from(whatsapps).where(eq(whatsapps.id, id)))[0]!;
const leaseOf = async (id: number) => (await database.db.select().from(sessionLeases).where(eq(sessionLeases.whatsappId, id)))[0];
const connectedIn = (id: number) => eventually(async () => (await statusOf(id)).status === "CONNECTED", 5_000);

describe("session manager: one live session per connection", () => {
  it("runs a session in the process that holds the lease; another process cannot start it meanwhile", async () => {
    const a = manager("A");
    const b = manager("B");
    const row = await connection();
    await a.startSession(row.id);
    await connectedIn(row.id);
    expect(a.isRunningHere(row.id)).toBe(true);
    expect((await leaseOf(row.id))?.holder).toBe(a.holderId);
    expect((await statusOf(row.id)).number).toMatch(/^55119\d{8}$/);

    // Without a channel between them (no Redis), B cannot reach A and must not run a second session.
    await expect(b.startSession(row.id)).rejects.toMatchObject({ code: "ERR_WAPP_NOT_INITIALIZED" });
    expect(b.isRunningHere(row.id)).toBe(false);
    expect((await leaseOf(row.id))?.holder).toBe(a.holderId);
  });

  it("takes over the session of a process that died, once its lease expires", async () => {
    const a = manager("A");
    const b = manager("B");
    const row = await connection();
    await a.startSession(row.id);
    await connectedIn(row.id);
    const before = await leaseOf(row.id);

    await a.abandon(); // killed: its lease stays until it expires
    await b.tick();
    expect(b.isRunningHere(row.id)).toBe(false);
    await expire();
    await b.tick();
    expect(b.isRunningHere(row.id)).toBe(true);
    const after = await leaseOf(row.id);
    expect(after?.holder).toBe(b.holderId);
    expect(after!.acquiredAt.getTime()).toBeGreaterThan(before!.acquiredAt.getTime());
    await connectedIn(row.id);
  });

  it("stops a session whose lease was lost, and its late status is not written over the new holder's", async () => {
    const changes: ConnectionRef[] = [];
    const a = manager("A", { changes });
    const b = manager("B");
    const row = await connection();
    await a.startSession(row.id);
    await connectedIn(row.id);

    await expire(); // A stalled: no renewal
    await b.tick();
    expect(b.isRunningHere(row.id)).toBe(true);
    await connectedIn(row.id);
    changes.length = 0;

    // A's session still thinks it runs: its TIMEOUT must not land on the row B now owns.
    await a.extension(row.id, "simulate", [{ kind: "drop", status: "TIMEOUT" }]);
    expect((await statusOf(row.id)).status).toBe("CONNECTED");
    await eventually(async () => !a.isRunningHere(row.id));
    await a.tick();
    expect(a.isRunningHere(row.id)).toBe(false);
    expect((await leaseOf(row.id))?.holder).toBe(b.holderId);
    expect(changes).toEqual([]);
  });

  it("sweeps up connections that should run and leaves DISCONNECTED ones alone", async () => {
    const b = manager("B");
    const wanted = await connection({ status: "CONNECTED" });
    const disconnected = await connection({ status: "DISCONNECTED" });
    await b.tick();
    expect(b.isRunningHere(wanted.id)).toBe(true);
    expect(b.isRunningHere(disconnected.id)).toBe(false);
    expect(await leaseOf(disconnected.id)).toBeUndefined();
    await connectedIn(wanted.id);
  });

  it("releases its leases on shutdown and keeps the status, so the session resumes elsewhere", async () => {
    const a = manager("A");
    const b = manager("B");
    const row = await connection();
    await a.startSession(row.id);
    await connectedIn(row.id);
    await a.stop();
    expect(await leaseOf(row.id)).toBeUndefined();
    expect((await statusOf(row.id)).status).toBe("CONNECTED");
    // No waiting for an expiry after a clean shutdown.
    await b.tick();
    expect(b.isRunningHere(row.id)).toBe(true);
  });

  it("marks a session that fails to start DISCONNECTED and lets go of it", async () => {
    const changes: ConnectionRef[] = [];
    const a = manager("A", { changes });
    const row = await connection({ provider: "beta", status: "OPENING" }, { loggedIn: false });
    await expect(a.startSession(row.id)).rejects.toMatchObject({ code: "ERR_WAPP_NOT_INITIALIZED" });
    expect((await statusOf(row.id)).status).toBe("DISCONNECTED");
    // The provider's reason stays for the connection's card.
    expect((await statusOf(row.id)).statusReason).toMatch(/\S/);
    expect(a.isRunningHere(row.id)).toBe(false);
    expect(await leaseOf(row.id)).toBeUndefined();
    expect(changes).toContainEqual({ companyId: row.companyId, whatsappId: row.id });
    // And the sweep does not retry it.
    await a.tick();
    expect(a.isRunningHere(row.id)).toBe(false);
  });

  it("new QR forgets the login and shows a fresh QR; disconnect logs out and releases the lease", async () => {
    const a = manager("A");
    const row = await connection();
    await a.startSession(row.id);
    await connectedIn(row.id);

    await a.renewQr(row.id);
    const qr = await statusOf(row.id);
    expect(qr.status).toBe("qrcode");
    expect(qr.qrcode).toMatch(/^atendo-simulator:/);
    expect(await readSimulatorLogin(database.db, row.id)).toBe(false);

    await a.disconnect(row.id);
    const gone = await statusOf(row.id);
    expect(gone.status).toBe("DISCONNECTED");
    expect(gone.qrcode).toBe("");
    expect(a.isRunningHere(row.id)).toBe(false);
    expect(await leaseOf(row.id)).toBeUndefined();
    expect(await database.db.select().from(whatsappAuthKeys).where(eq(whatsappAuthKeys.whatsappId, row.id))).toEqual([]);
  });

  it("disconnects a connection nobody runs (its login is forgotten all the same)", async () => {
    const a = manager("A");
    const row = await connection({ status: "TIMEOUT" });
    await a.disconnect(row.id);
    expect((await statusOf(row.id)).status).toBe("DISCONNECTED");
    expect(await readSimulatorLogin(database.db, row.id)).toBe(false);
    expect(await leaseOf(row.id)).toBeUndefined();
  });

  it("answers ERR_WAPP_NOT_INITIALIZED for operations on a session that runs nowhere", async () => {
    const a = manager("A");
    const row = await connection();
    await expect(a.call(row.id, "checkNumber", "5511987654321")).rejects.toMatchObject({ code: "ERR_WAPP_NOT_INITIALIZED" });
    await a.startSession(row.id);
    await connectedIn(row.id);
    await expect(a.call(row.id, "checkNumber", "5511987654321")).resolves.toEqual({ exists: true, number: "5511987654321" });
  });

  it("hands message events to the inbound hook, in order, and connection events to the row", async () => {
    const received: ProviderEvent[] = [];
    const a = manager("A", { inbound: async (_ref, e) => void received.push(e) });
    const row = await connection();
    await database.db.insert(simulatorContacts).values({ companyId: row.companyId, whatsappId: row.id, name: "Hook", number: "5511977776666" });
    const ids = ["SIMHOOK1", "SIMHOOK2"];
    for (const messageId of ids) {
      await database.db.insert(simulatorMessages).values({ companyId: row.companyId, whatsappId: row.id, chat: "5511977776666", messageId, direction: "in", body: messageId, ack: 1 });
    }
    // Waiting customers' messages arrive as offline messages once the connection is up.
    await a.startSession(row.id);
    await eventually(async () => received.length === 2, 5_000);
    expect(received.map((e) => (e.type === "message" ? [e.origin, e.message.id] : e.type))).toEqual([
      ["offline", "SIMHOOK1"],
      ["offline", "SIMHOOK2"],
    ]);
  });
});

describe("session manager: a restarted instance takes its sessions back at once", () => {
  // Leases far longer than the test: whatever runs the session again did not wait for them to expire.
  const LONG_LEASE = 600;
  const instance = () => `inst-${randomBytes(4).toString("hex")}`;

  it("a process restarted with the same instance id runs its sessions again at once; another instance waits for the lease", async () => {
    const id = instance();
    const a = manager("A", { instanceId: id, leaseSeconds: LONG_LEASE });
    const row = await connection();
    await a.startSession(row.id);
    await connectedIn(row.id);
    expect((await leaseOf(row.id))?.holder).toBe(a.holderId);
    expect(a.holderId.startsWith(`${id}@`)).toBe(true);

    await a.abandon(); // killed: its lease stays live for ten minutes
    const other = manager("B", { instanceId: instance(), leaseSeconds: LONG_LEASE });
    await other.tick();
    expect(other.isRunningHere(row.id)).toBe(false);
    expect((await leaseOf(row.id))?.holder).toBe(a.holderId);

    const restarted = manager("A2", { instanceId: id, leaseSeconds: LONG_LEASE });
    const restartedAt = new Date(Date.now() - 1_000);
    await restarted.start(); // its boot tick takes the leases back
    await restarted.tick();
    expect(restarted.isRunningHere(row.id)).toBe(true);
    const lease = await leaseOf(row.id);
    expect(lease?.holder).toBe(restarted.holderId);
    expect(lease!.acquiredAt.getTime()).toBeGreaterThan(restartedAt.getTime());
    // The restarted process wrote CONNECTED itself (the row said CONNECTED already, from before the crash).
    await eventually(async () => {
      const now = await statusOf(row.id);
      return now.status === "CONNECTED" && now.updatedAt.getTime() >= lease!.acquiredAt.getTime() - 1_000;
    }, 5_000);
    await other.tick();
    expect(other.isRunningHere(row.id)).toBe(false);
  });

  it("never lets two live processes of one instance id hold a session: the older one lets go and cannot write its status", async () => {
    const id = instance();
    const changes: ConnectionRef[] = [];
    const a = manager("A", { instanceId: id, leaseSeconds: LONG_LEASE, changes });
    const row = await connection();
    await a.startSession(row.id);
    await connectedIn(row.id);

    // A twin with the same id (misconfigured INSTANCE_ID) starts while A still runs.
    const twin = manager("A-twin", { instanceId: id, leaseSeconds: LONG_LEASE });
    await twin.start();
    await twin.tick();
    expect(twin.isRunningHere(row.id)).toBe(true);
    await connectedIn(row.id);

    changes.length = 0;
    await a.extension(row.id, "simulate", [{ kind: "drop", status: "TIMEOUT" }]).catch(() => undefined);
    expect((await statusOf(row.id)).status).toBe("CONNECTED");
    await a.tick();
    expect(a.isRunningHere(row.id)).toBe(false);
    // Only this connection: the worker's database may hold other files' connections, which A's sweep may touch.
    expect(changes.filter((c) => c.whatsappId === row.id)).toEqual([]);
    // Taking back happens once, at start: the twin keeps the session, A does not fight for it again.
    await a.tick();
    await twin.tick();
    expect(a.isRunningHere(row.id)).toBe(false);
    expect(twin.isRunningHere(row.id)).toBe(true);
    expect((await leaseOf(row.id))?.holder).toBe(twin.holderId);
  });
});
