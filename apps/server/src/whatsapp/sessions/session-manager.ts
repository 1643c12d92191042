import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { WhatsAppProvider } from "@atendo/shared";
import type { Db } from "../../db/client.js";
import { sessionLeases, whatsappAuthKeys, whatsapps } from "../../db/schema.js";
import { AppError } from "../../errors.js";
import { ProviderError, type ConnectionStatus, type ProviderEvent, type WhatsAppSession } from "../provider.js";
import type { ProviderDeps, ProviderRegistry } from "./providers.js";
import { acquireLease, listOrphanedConnectionsUnscoped, liveLeaseHolder, reclaimInstanceLeases, releaseLease, renewLeases } from "./leases.js";
import { deserializeError, localOnlyChannel, type CommandChannel, type RemoteAnswer, type SessionCommand } from "./command-channel.js";

export interface ConnectionRef {
  companyId: number;
  whatsappId: number;
}

export type InboundEvent = Exclude<ProviderEvent, { type: "connection" }>;
/** Where messages, acks, reactions, presence, contacts and groups go: the ticket engine plugs in here. */
export type InboundEventHandler = (connection: ConnectionRef, event: InboundEvent) => Promise<void>;

/** What callers may ask of a running session (start, stop and logout belong to the manager). */
export type SessionOperations = Omit<WhatsAppSession, "capabilities" | "start" | "stop" | "logout" | "requestPairingCode">;
export type SessionMethod = keyof SessionOperations;
const OPERATIONS = new Set<string>(["send", "react", "edit", "delete", "markRead", "sendPresence", "checkNumber", "groupInfo", "downloadMedia", "listContacts"]);
/** Provider-specific operations reachable through `extension` (the simulator's customer actions, the Cloud API's webhooks). */
const EXTENSIONS = new Set<string>(["simulate", "cloudWebhook"]);

export interface SessionManagerOptions {
  db: Db;
  logger: FastifyBaseLogger;
  providers: ProviderRegistry;
  providerDeps: ProviderDeps;
  /** How commands reach other processes (default: this process only). */
  channel?: CommandChannel;
  /** This process's name in session_leases (default host:pid:random). */
  holderId?: string;
  /**
   * Who this process is across restarts (the id kept in the data folder, or INSTANCE_ID): the holder becomes
   * `instanceId@holder`, and at start the leases of a former life of the same instance are taken back at once
   * instead of waiting for them to expire. At most one live process per instance id.
   */
  instanceId?: string;
  /** Lease length; renewed every third of it (default 30 s). */
  leaseSeconds?: number;
  /** Start the sessions that should run at start, and pick up orphaned ones periodically (default true). */
  sweep?: boolean;
  onInboundEvent?: InboundEventHandler;
  /** Called after a connection's status, QR, pairing code or number was written: the app emits its socket events. */
  onConnectionChange?: (connection: ConnectionRef) => Promise<void>;
}

export interface SessionManager {
  readonly holderId: string;
  /** Boot: serve commands, start what should run (with sweep), keep leases renewed. */
  start(): Promise<void>;
  /** Shutdown: stop this process's sessions and release their leases (status kept, so they resume elsewhere). */
  stop(): Promise<void>;
  setInboundHandler(handler: InboundEventHandler): void;
  /** Starts (or restarts) a connection's session wherever it runs, here when nobody runs it. */
  startSession(whatsappId: number, opts?: { pairingNumber?: string }): Promise<void>;
  /** Forgets the login and starts again: a new QR. */
  renewQr(whatsappId: number): Promise<void>;
  /** Logs out, forgets the login, status DISCONNECTED. */
  disconnect(whatsappId: number): Promise<void>;
  /** Stops the session wherever it runs, leaving status and login alone (before a delete or a provider change). */
  stopSession(whatsappId: number): Promise<void>;
  /** An operation on the running session, wherever it runs; ERR_WAPP_NOT_INITIALIZED when none runs. */
  call<M extends SessionMethod>(
    whatsappId: number,
    method: M,
    ...args: Parameters<SessionOperations[M]>
  ): Promise<Awaited<ReturnType<SessionOperations[M]>>>;
  /** A provider-specific operation of the running session (e.g. the simulator's `simulate`). */
  extension(whatsappId: number, method: string, args: unknown[]): Promise<unknown>;
  isRunningHere(whatsappId: number): boolean;
  /** Tests: one renewal and one sweep now. */
  tick(): Promise<void>;
  /** Tests: behave as a killed process (timers stop, sessions end, leases are not released). */
  abandon(): Promise<void>;
}

interface Entry extends ConnectionRef {
  provider: WhatsAppProvider;
  session: WhatsAppSession;
  /** Set when the manager let go of the session: its late events are ignored. */
  detached: boolean;
}

const COMMAND_DEFAULT_EVENT_LOG = "whatsapp session event without a handler";

export function defaultHolderId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
}

/**
 * One live session per connection across all processes (design brief, WhatsApp channel). A session runs only in
 * the process holding its lease; commands from any process are routed to it (see command-channel.ts). Status writes
 * are fenced by the lease: a process that lost its lease cannot overwrite what the new holder wrote.
 */
export function createSessionManager(opts: SessionManagerOptions): SessionManager {
  const { db, providers } = opts;
  const instancePrefix = opts.instanceId ? `${opts.instanceId}@` : undefined;
  const holderId = `${instancePrefix ?? ""}${opts.holderId ?? defaultHolderId()}`;
  const leaseSeconds = opts.leaseSeconds ?? 30;
  const sweepEnabled = opts.sweep ?? true;
  const channel = opts.channel ?? localOnlyChannel;
  const log = opts.logger.child({ module: "whatsapp-sessions", holder: holderId });
  const local = new Map<number, Entry>();
  const locks = new Map<number, Promise<unknown>>();
  let inbound: InboundEventHandler =
    opts.onInboundEvent ?? (async (connection, event) => log.debug({ ...connection, type: event.type }, COMMAND_DEFAULT_EVENT_LOG));
  let running = false;
  /** After stop or abandon: nothing new starts here. */
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let lastRenewal = Date.now();
  let ticking: Promise<void> | undefined;
  /** Set by start: the boot tick takes back a former life's leases (once: again later would fight a misconfigured twin). */
  let reclaimPending = false;

  /** Commands on one connection run one at a time in this process (start, new QR, disconnect, sweep). */
  function withLock<T>(whatsappId: number, fn: () => Promise<T>): Promise<T> {
    const previous = locks.get(whatsappId) ?? Promise.resolve();
    const next = previous.then(fn);
    const tail = next.then(
      () => undefined,
      () => undefined,
    );
    locks.set(whatsappId, tail);
    void tail.then(() => {
      if (locks.get(whatsappId) === tail) locks.delete(whatsappId);
    });
    return next;
  }

  // Unscoped: the manager serves every company; callers checked the connection's company before asking.
  async function loadConnectionUnscoped(whatsappId: number) {
    const [row] = await db
      .select({ id: whatsapps.id, companyId: whatsapps.companyId, provider: whatsapps.provider, status: whatsapps.status })
      .from(whatsapps)
      .where(eq(whatsapps.id, whatsappId));
    return row;
  }

  async function notify(ref: ConnectionRef): Promise<void> {
    try {
      await opts.onConnectionChange?.({ companyId: ref.companyId, whatsappId: ref.whatsappId });
    } catch (err) {
      log.error({ err, ...ref }, "connection change handler failed");
    }
  }

  /** Writes a status while we hold the lease; false when we do not (any more) or the connection is gone. */
  async function writeStatus(
    ref: ConnectionRef,
    change: { status: ConnectionStatus; qrcode?: string; pairingCode?: string; number?: string; statusReason?: string },
  ): Promise<boolean> {
    const rows = await db
      .update(whatsapps)
      .set({
        status: change.status,
        // The QR dialog closes itself when the pushed QR is empty: only the qrcode status carries one.
        qrcode: change.status === "qrcode" ? (change.qrcode ?? "") : "",
        pairingCode: change.status === "PAIRING" ? (change.pairingCode ?? "") : "",
        ...(change.number ? { number: change.number } : {}),
        // Why a start failed, as the provider said it: the connection's card shows it.
        ...(change.statusReason !== undefined ? { statusReason: change.statusReason } : {}),
        // QR codes shown since the last connection.
        retries: change.status === "qrcode" ? sql`${whatsapps.retries} + 1` : change.status === "CONNECTED" ? 0 : sql`${whatsapps.retries}`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(whatsapps.id, ref.whatsappId),
          sql`exists (select 1 from ${sessionLeases} where ${sessionLeases.whatsappId} = ${ref.whatsappId} and ${sessionLeases.holder} = ${holderId})`,
        ),
      )
      .returning({ id: whatsapps.id });
    if (rows.length === 0) return false;
    await notify(ref);
    return true;
  }

  async function wipeLogin(whatsappId: number): Promise<void> {
    await db.delete(whatsappAuthKeys).where(eq(whatsappAuthKeys.whatsappId, whatsappId));
  }

  async function handleEvent(entry: Entry, event: ProviderEvent): Promise<void> {
    if (entry.detached) {
      // A message must not count as taken when nobody took it: the provider keeps it for the next holder.
      if (event.type === "connection") return;
      throw new ProviderError("ERR_WAPP_NOT_INITIALIZED", "this process no longer runs the session");
    }
    if (event.type !== "connection") {
      await inbound({ companyId: entry.companyId, whatsappId: entry.whatsappId }, event);
      return;
    }
    const written = await writeStatus(entry, event);
    if (!written) {
      log.warn({ whatsappId: entry.whatsappId }, "session event after the lease was lost: stopping here");
      void withLock(entry.whatsappId, () => retire(entry, "stop", false));
      return;
    }
    // The provider ended the session (logged out at WhatsApp, replaced): it should not run until someone starts it.
    // Not awaited: the session may be waiting for this very handler.
    if (event.status === "DISCONNECTED") void withLock(entry.whatsappId, () => retire(entry, "stop", true));
  }

  /** Lets go of a session: stop (or log out, then stop) and optionally release the lease. */
  async function retire(entry: Entry, how: "stop" | "logout", release: boolean): Promise<void> {
    const wasAttached = !entry.detached;
    entry.detached = true;
    if (local.get(entry.whatsappId) === entry) local.delete(entry.whatsappId);
    if (how === "logout") {
      try {
        await entry.session.logout();
      } catch (err) {
        log.warn({ err, whatsappId: entry.whatsappId }, "logout failed; the login is forgotten here anyway");
      }
    }
    if (wasAttached || how === "logout") {
      try {
        await entry.session.stop();
      } catch (err) {
        log.warn({ err, whatsappId: entry.whatsappId }, "session stop failed");
      }
    }
    if (release) await releaseLease(db, entry.whatsappId, holderId);
  }

  /**
   * Runs the session here (restarting it when it already runs here). False when another process holds the lease,
   * or (`onlyIfShouldRun`, the sweep) the connection was disconnected meanwhile. Call under the connection's lock.
   */
  async function startHere(whatsappId: number, o: { pairingNumber?: string; wipe?: boolean; onlyIfShouldRun?: boolean } = {}): Promise<boolean> {
    const current = local.get(whatsappId);
    if (current) await retire(current, "stop", false);
    else if (!(await acquireLease(db, whatsappId, holderId, leaseSeconds))) return false;

    const row = await loadConnectionUnscoped(whatsappId);
    const definition = row ? providers.get(row.provider) : undefined;
    if (!row || !definition || (o.onlyIfShouldRun && row.status === "DISCONNECTED")) {
      await releaseLease(db, whatsappId, holderId);
      if (!row) throw new AppError("ERR_NO_WAPP_FOUND", 404);
      if (!definition) throw new ProviderError("ERR_NOT_SUPPORTED", `provider ${row.provider} is not enabled here`);
      return false;
    }
    if (o.wipe) await wipeLogin(whatsappId);

    const entry = { companyId: row.companyId, whatsappId, provider: row.provider, detached: false } as Entry;
    entry.session = definition.createSession(
      { companyId: row.companyId, whatsappId, onEvent: (event) => handleEvent(entry, event) },
      opts.providerDeps,
    );
    local.set(whatsappId, entry);
    try {
      await entry.session.start();
    } catch (err) {
      log.warn({ err, whatsappId }, "session failed to start");
      if (!entry.detached) {
        // Spec 4: DISCONNECTED is "failed to start"; the sweep leaves it alone until someone retries.
        await writeStatus(entry, { status: "DISCONNECTED", statusReason: failureReasonOf(err) });
        await retire(entry, "stop", true);
      }
      throw err;
    }
    if (o.pairingNumber) {
      const pairingCode = await entry.session.requestPairingCode(o.pairingNumber);
      await handleEvent(entry, { type: "connection", status: "PAIRING", pairingCode });
    }
    return true;
  }

  async function invoke(entry: Entry, method: string, args: unknown[]): Promise<unknown> {
    const fn = (entry.session as unknown as Record<string, unknown>)[method];
    if ((!OPERATIONS.has(method) && !EXTENSIONS.has(method)) || typeof fn !== "function") {
      throw new ProviderError("ERR_NOT_SUPPORTED", `${method} is not an operation of this session`);
    }
    return (fn as (...a: unknown[]) => Promise<unknown>).apply(entry.session, args);
  }

  /** start, newQr, disconnect or stop of a session running here; call under the connection's lock. */
  async function runHere(entry: Entry, command: Exclude<SessionCommand, { op: "call" }>): Promise<void> {
    const { whatsappId } = entry;
    switch (command.op) {
      case "start":
        await startHere(whatsappId, { pairingNumber: command.pairingNumber });
        return;
      case "newQr":
        await retire(entry, "logout", false);
        await startHere(whatsappId, { wipe: true });
        return;
      case "disconnect":
        await retire(entry, "logout", false);
        await wipeLogin(whatsappId);
        await writeStatus(entry, { status: "DISCONNECTED" });
        await releaseLease(db, whatsappId, holderId);
        return;
      case "stop":
        await retire(entry, "stop", true);
        return;
    }
  }

  /** A command for a session of this process; `handled: false` when it does not run here. */
  async function executeLocal(whatsappId: number, command: SessionCommand): Promise<RemoteAnswer> {
    if (command.op === "call") {
      // Not under the lock: an operation may trigger events whose handlers call the session again.
      const entry = local.get(whatsappId);
      if (!entry) return { handled: false };
      return { handled: true, result: await invoke(entry, command.method, command.args) };
    }
    return withLock(whatsappId, async (): Promise<RemoteAnswer> => {
      const entry = local.get(whatsappId);
      if (!entry) return { handled: false };
      await runHere(entry, command);
      return { handled: true };
    });
  }

  /** A command for a session nobody runs: this process takes the lease to act (and to start, runs it). */
  async function executeUnheld(whatsappId: number, command: SessionCommand): Promise<void> {
    switch (command.op) {
      case "call":
        throw new ProviderError("ERR_WAPP_NOT_INITIALIZED", "the session is not running");
      case "stop":
        return;
      case "start":
      case "newQr":
        await withLock(whatsappId, async () => {
          const entry = local.get(whatsappId);
          if (entry) return runHere(entry, command);
          const started = await startHere(whatsappId, { pairingNumber: command.op === "start" ? command.pairingNumber : undefined, wipe: command.op === "newQr" });
          if (!started) throw new ProviderError("ERR_WAPP_NOT_INITIALIZED", "another process holds the session and did not answer", true);
        });
        return;
      case "disconnect":
        await withLock(whatsappId, async () => {
          if (!(await acquireLease(db, whatsappId, holderId, leaseSeconds))) {
            throw new ProviderError("ERR_WAPP_NOT_INITIALIZED", "another process holds the session and did not answer", true);
          }
          const entry = local.get(whatsappId);
          if (entry) return runHere(entry, command);
          const row = await loadConnectionUnscoped(whatsappId);
          if (row) {
            await wipeLogin(whatsappId);
            await writeStatus({ companyId: row.companyId, whatsappId }, { status: "DISCONNECTED" });
          }
          await releaseLease(db, whatsappId, holderId);
        });
        return;
    }
  }

  async function dispatch(whatsappId: number, command: SessionCommand): Promise<unknown> {
    const here = await executeLocal(whatsappId, command);
    if (here.handled) return here.result;
    const holder = await liveLeaseHolder(db, whatsappId);
    if (holder && holder !== holderId) {
      const answer = await channel.ask({ whatsappId, command });
      if (answer) {
        if (answer.error) throw deserializeError(answer.error);
        return reviveResult(answer.result);
      }
    }
    await executeUnheld(whatsappId, command);
    return undefined;
  }

  async function renew(): Promise<void> {
    const ids = [...local.keys()];
    try {
      const kept = await renewLeases(db, ids, holderId, leaseSeconds);
      lastRenewal = Date.now();
      for (const id of ids) {
        const entry = local.get(id);
        if (entry && !kept.has(id)) {
          log.warn({ whatsappId: id }, "lease lost: another process runs this session now");
          await withLock(id, () => retire(entry, "stop", false));
        }
      }
    } catch (err) {
      log.error({ err }, "lease renewal failed");
      // Past the lease we can no longer prove the sessions are ours: another process may be running them.
      if (Date.now() - lastRenewal > leaseSeconds * 1000) {
        for (const entry of [...local.values()]) await withLock(entry.whatsappId, () => retire(entry, "stop", false));
      }
    }
  }

  async function sweep(): Promise<void> {
    const orphans = await listOrphanedConnectionsUnscoped(db, [...providers.keys()], [...local.keys()], holderId);
    for (const orphan of orphans) {
      if (closed) return;
      await withLock(orphan.id, async () => {
        if (local.has(orphan.id)) return;
        if (await startHere(orphan.id, { onlyIfShouldRun: true })) log.info({ whatsappId: orphan.id }, "session picked up");
      }).catch((err: unknown) => log.warn({ err, whatsappId: orphan.id }, "could not start an orphaned session"));
    }
  }

  async function tick(): Promise<void> {
    // One tick at a time: a slow database must not stack renewals.
    ticking ??= (async () => {
      try {
        if (reclaimPending && sweepEnabled && !closed) {
          reclaimPending = false;
          const reclaimed = await reclaimInstanceLeases(db, instancePrefix!, holderId, leaseSeconds);
          if (reclaimed.length > 0) log.info({ whatsappIds: reclaimed }, "took back the sessions this instance held before it restarted");
        }
        await renew();
        if (sweepEnabled && !closed) await sweep();
      } catch (err) {
        log.error({ err }, "session sweep failed");
      } finally {
        ticking = undefined;
      }
    })();
    return ticking;
  }

  function schedule(): void {
    if (!running) return;
    timer = setTimeout(() => void tick().finally(schedule), Math.max(500, (leaseSeconds * 1000) / 3));
    timer.unref();
  }

  return {
    holderId,
    async start() {
      if (running) return;
      running = true;
      reclaimPending = instancePrefix !== undefined;
      channel.serve(async (request) => (running ? executeLocal(request.whatsappId, request.command) : { handled: false }));
      // The boot start runs in the background: listening does not wait for every session.
      void tick().finally(schedule);
    },
    async stop() {
      running = false;
      closed = true;
      clearTimeout(timer);
      await ticking;
      await Promise.all([...local.values()].map((entry) => withLock(entry.whatsappId, () => retire(entry, "stop", true)).catch(() => undefined)));
    },
    setInboundHandler(handler) {
      inbound = handler;
    },
    async startSession(whatsappId, o = {}) {
      await dispatch(whatsappId, { op: "start", pairingNumber: o.pairingNumber });
    },
    async renewQr(whatsappId) {
      await dispatch(whatsappId, { op: "newQr" });
    },
    async disconnect(whatsappId) {
      await dispatch(whatsappId, { op: "disconnect" });
    },
    async stopSession(whatsappId) {
      await dispatch(whatsappId, { op: "stop" });
    },
    call(whatsappId, method, ...args) {
      return dispatch(whatsappId, { op: "call", method, args }) as never;
    },
    extension(whatsappId, method, args) {
      if (!EXTENSIONS.has(method)) return Promise.reject(new ProviderError("ERR_NOT_SUPPORTED", `${method} is not an extension`));
      return dispatch(whatsappId, { op: "call", method, args });
    },
    isRunningHere: (whatsappId) => local.has(whatsappId),
    tick,
    async abandon() {
      running = false;
      closed = true;
      clearTimeout(timer);
      await ticking;
      for (const entry of [...local.values()]) {
        entry.detached = true;
        local.delete(entry.whatsappId);
        await entry.session.stop().catch(() => undefined);
      }
    },
  };
}

/** A send's result that crossed processes may carry its timestamp as text. */
function reviveResult(result: unknown): unknown {
  if (result && typeof result === "object" && "messageId" in result && "timestamp" in result) {
    const r = result as { timestamp: unknown };
    if (!(r.timestamp instanceof Date)) return { ...result, timestamp: new Date(r.timestamp as string | number) };
  }
  return result;
}

/** The provider's own words for a failed start (its error message), kept short. */
function failureReasonOf(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}
