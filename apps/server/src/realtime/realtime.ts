import type { Server as HttpServer } from "node:http";
import { Server, type Socket } from "socket.io";
import type { RedisAdapter } from "./connect-redis-adapter.js";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { CLIENT_EVENTS, companyEvent, SERVER_EVENTS, SOCKET_PING_MS, type JoinAck, type UserView } from "@atendo/shared";
import type { Db } from "../db/client.js";
import type { AccessTokenSigner } from "../auth/access-token.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { resolveSocketSession } from "../auth/resolve-socket-session.js";
import { AppError } from "../errors.js";
import { setUserOnline } from "../users/set-user-online.js";
import { ticketRoomsFor } from "../tickets/ticket-rooms-of.js";
import { rooms } from "./rooms.js";

export type TicketAuthorizer = (db: Db, auth: AuthContext, ticketId: number) => Promise<boolean>;

export interface Realtime {
  io: Server;
  toCompany(companyId: number, event: string, payload: unknown): void;
  toAdmins(companyId: number, event: string, payload: unknown): void;
  toUser(userId: number, event: string, payload: unknown): void;
  /** To every socket in any of `rooms` (once each), except those also in `except`. */
  toRooms(rooms: string[], event: string, payload: unknown, except?: string[]): void;
  /** After a user's queues or allTicket changed: their sockets (on every process) join the rooms that now apply. */
  refreshTicketRooms(companyId: number, userId: number): Promise<void>;
  /** Tells the sockets of ended sessions why, then closes them, on every process. */
  endSessions(sessionIds: string[]): void;
  close(): Promise<void>;
}

interface SocketData {
  auth: AuthContext;
  expiresAt: number;
  /** Read by the handshake's one query: the queue rooms, and the user when the connection brought them online. */
  ticketRooms: string[];
  cameOnline: UserView | null;
}

/**
 * The web client sends `userStatus` right after connecting, and the handshake has just marked the user online: a
 * heartbeat this soon after the last mark of the same socket is not written again.
 */
const USER_STATUS_MIN_INTERVAL_MS = 30_000;

const TICKET_STATUSES = ["pending", "open", "attending", "closed", "group"] as const;
const joinTicketsPayload = z.union([z.enum(TICKET_STATUSES), z.object({ status: z.enum(TICKET_STATUSES) })]);
const ticketIdSchema = z.coerce.number().int().positive().max(2_147_483_647);
const joinChatBoxPayload = z.union([ticketIdSchema, z.object({ ticketId: ticketIdSchema })]);

/** Clients may send the ack with or without a payload before it: the ack is the last argument when it is a function. */
function ackOf(args: unknown[]): ((a: JoinAck) => void) | undefined {
  const last = args[args.length - 1];
  return typeof last === "function" ? (last as (a: JoinAck) => void) : undefined;
}

/** Until the ticket engine registers its rule, no ticket exists and no chat box can be joined. */
const noTickets: TicketAuthorizer = async () => false;

export function createRealtime(
  httpServer: HttpServer,
  deps: {
    db: Db;
    signer: AccessTokenSigner;
    logger: FastifyBaseLogger;
    /** With REDIS_URL (connectRedisAdapter): rooms and broadcasts shared between processes. */
    redisAdapter?: RedisAdapter;
    canJoinTicket?: TicketAuthorizer;
    /** The queue-related rooms a user's sockets belong to (their queues, no-queue with allTicket). */
    ticketRoomsOf?: (db: Db, auth: AuthContext) => Promise<string[]>;
  },
): Realtime {
  const io = new Server<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>(httpServer, {
    transports: ["websocket"],
    pingInterval: SOCKET_PING_MS,
    pingTimeout: SOCKET_PING_MS,
    cors: { origin: false },
  });
  const redisClients = deps.redisAdapter?.clients ?? [];
  if (deps.redisAdapter) io.adapter(deps.redisAdapter.adapter);
  const canJoinTicket = deps.canJoinTicket ?? noTickets;
  const log = deps.logger.child({ module: "realtime" });
  // While shutting down, sockets close because we close them: their users' online flags are settled by the heartbeat.
  let closing = false;
  // Disconnect bookkeeping still waiting on other processes; shutdown lets it finish before closing Redis.
  const inflight = new Set<Promise<void>>();

  io.use(async (socket, next) => {
    // The spec's client sends the access token as the query parameter `token`; ours in `auth.token`. Socket.IO's
    // handshake requests never reach the request log, so the query one is not logged either.
    const token = handshakeToken(socket.handshake);
    if (!token) return next(new Error("ERR_SESSION_EXPIRED"));
    try {
      // One query (issue 15): session, user, company, plan and queues, and the online flag set.
      const session = await resolveSocketSession(deps.db, deps.signer, token);
      socket.data.auth = session.auth;
      socket.data.expiresAt = session.expiresAt;
      // Queue rooms only where the ticket engine is wired (it passes ticketRoomsOf, also used by refreshTicketRooms).
      socket.data.ticketRooms = deps.ticketRoomsOf && !session.auth.billingOnly ? ticketRoomsFor(session.auth, session) : [];
      socket.data.cameOnline = session.cameOnline;
      next();
    } catch (err) {
      next(new Error(err instanceof AppError ? err.code : "ERR_INTERNAL"));
    }
  });

  const emitUserUpdate = (companyId: number, user: unknown) => {
    if (user) io.to(rooms.company(companyId)).emit(companyEvent.user(companyId), { action: "update", user });
  };

  io.on("connection", (socket: Socket) => {
    const { auth, expiresAt, ticketRooms, cameOnline } = socket.data as SocketData;
    if (auth.billingOnly) {
      // An expired company's admin (billing/billing-access.ts): the payment event and their own session's, nothing else.
      void socket.join([rooms.billing(auth.companyId), rooms.user(auth.userId), rooms.session(auth.sessionId)]);
      socket.use((packet, next) => {
        if (packet[0] === CLIENT_EVENTS.userStatus) return next();
        const ack = packet[packet.length - 1];
        if (typeof ack === "function") (ack as (a: JoinAck) => void)({ ok: false, error: "ERR_SUBSCRIPTION_EXPIRED" });
      });
    } else {
      const names = [rooms.company(auth.companyId), rooms.user(auth.userId), rooms.session(auth.sessionId), ...ticketRooms];
      if (isAdmin(auth)) names.push(rooms.admins(auth.companyId));
      void socket.join(names);
    }
    // `ready` tells the client its rooms are set up: the spec's client joins its own rooms (joinNotification,
    // joinTickets, joinChatBox) only after it, so nothing emitted in between is missed.
    socket.emit(SERVER_EVENTS.ready);
    if (cameOnline) emitUserUpdate(auth.companyId, cameOnline);

    // An expired token ends the socket; the client refreshes and reconnects with a new one.
    const expiry = setTimeout(() => {
      socket.emit(SERVER_EVENTS.sessionExpired, { error: "ERR_INVALID_TOKEN" });
      socket.disconnect(true);
    }, Math.max(0, expiresAt - Date.now()));

    let markedAt = Date.now();
    const markOnline = () => {
      if (Date.now() - markedAt < USER_STATUS_MIN_INTERVAL_MS) return;
      markedAt = Date.now();
      setUserOnline(deps.db, auth.companyId, auth.userId, true)
        .then((user) => emitUserUpdate(auth.companyId, user))
        .catch((err: unknown) => log.error({ err }, "userStatus failed"));
    };

    socket.on(CLIENT_EVENTS.userStatus, () => markOnline());

    // The simulator page's traffic reaches only the admins who have it open (issue 15), not every admin socket.
    socket.on(CLIENT_EVENTS.joinSimulator, (...args: unknown[]) => {
      if (!isAdmin(auth)) return ackOf(args)?.({ ok: false, error: "ERR_NO_PERMISSION" });
      void socket.join(rooms.simulator(auth.companyId));
      ackOf(args)?.({ ok: true });
    });

    socket.on(CLIENT_EVENTS.leaveSimulator, () => void socket.leave(rooms.simulator(auth.companyId)));

    socket.on(CLIENT_EVENTS.joinNotification, (...args: unknown[]) => {
      void socket.join(rooms.notification(auth.companyId));
      ackOf(args)?.({ ok: true });
    });

    socket.on(CLIENT_EVENTS.joinTickets, (payload: unknown, ack?: (a: JoinAck) => void) => {
      const parsed = joinTicketsPayload.safeParse(payload);
      if (!parsed.success) return typeof ack === "function" && ack({ ok: false, error: "ERR_VALIDATION" });
      const status = typeof parsed.data === "string" ? parsed.data : parsed.data.status;
      void socket.join(rooms.ticketsStatus(auth.companyId, status));
      if (typeof ack === "function") ack({ ok: true });
    });

    socket.on(CLIENT_EVENTS.leaveTickets, (payload: unknown) => {
      const parsed = joinTicketsPayload.safeParse(payload);
      if (parsed.success) void socket.leave(rooms.ticketsStatus(auth.companyId, typeof parsed.data === "string" ? parsed.data : parsed.data.status));
    });

    socket.on(CLIENT_EVENTS.joinChatBox, async (payload: unknown, ack?: (a: JoinAck) => void) => {
      const parsed = joinChatBoxPayload.safeParse(payload);
      if (!parsed.success) return typeof ack === "function" && ack({ ok: false, error: "ERR_VALIDATION" });
      const ticketId = typeof parsed.data === "number" ? parsed.data : parsed.data.ticketId;
      try {
        if (!(await canJoinTicket(deps.db, auth, ticketId))) {
          return typeof ack === "function" && ack({ ok: false, error: "ERR_NO_TICKET_FOUND" });
        }
        void socket.join(rooms.ticket(auth.companyId, ticketId));
        if (typeof ack === "function") ack({ ok: true });
      } catch (err) {
        log.error({ err }, "joinChatBox failed");
        if (typeof ack === "function") ack({ ok: false, error: "ERR_INTERNAL" });
      }
    });

    socket.on(CLIENT_EVENTS.leaveChatBox, (payload: unknown) => {
      const parsed = joinChatBoxPayload.safeParse(payload);
      if (parsed.success) void socket.leave(rooms.ticket(auth.companyId, typeof parsed.data === "number" ? parsed.data : parsed.data.ticketId));
    });

    socket.on("disconnect", () => {
      clearTimeout(expiry);
      if (closing) return;
      const work = (async () => {
        try {
          // Across processes: the user may still have a socket on another one.
          const remaining = await io.in(rooms.user(auth.userId)).fetchSockets();
          if (remaining.length === 0) emitUserUpdate(auth.companyId, await setUserOnline(deps.db, auth.companyId, auth.userId, false));
        } catch (err) {
          log.warn({ err }, "could not update online flag on disconnect");
        }
      })();
      inflight.add(work);
      void work.finally(() => inflight.delete(work));
    });
  });

  return {
    io: io as unknown as Server,
    toCompany: (companyId, event, payload) => void io.to(rooms.company(companyId)).emit(event as never, payload as never),
    toAdmins: (companyId, event, payload) => void io.to(rooms.admins(companyId)).emit(event as never, payload as never),
    toUser: (userId, event, payload) => void io.to(rooms.user(userId)).emit(event as never, payload as never),
    toRooms(names, event, payload, except) {
      if (names.length === 0) return;
      const target = except && except.length > 0 ? io.to(names).except(except) : io.to(names);
      target.emit(event as never, payload as never);
    },
    async refreshTicketRooms(companyId, userId) {
      if (!deps.ticketRoomsOf) return;
      const sockets = await io.in(rooms.user(userId)).fetchSockets();
      const queuePrefix = `company-${companyId}-queue-`;
      for (const socket of sockets) {
        const wanted = await deps.ticketRoomsOf(deps.db, socket.data.auth);
        const stale = [...socket.rooms].filter((r) => (r.startsWith(queuePrefix) || r === rooms.noQueue(companyId)) && !wanted.includes(r));
        for (const r of stale) socket.leave(r);
        socket.join(wanted);
      }
    },
    endSessions(sessionIds) {
      if (sessionIds.length === 0) return;
      const target = sessionIds.map(rooms.session);
      io.to(target).emit(SERVER_EVENTS.sessionExpired as never, { error: "ERR_SESSION_EXPIRED" } as never);
      io.in(target).disconnectSockets(true);
    },
    async close() {
      closing = true;
      await Promise.allSettled([...inflight]);
      // Only this process's sockets; io.close() would also close the HTTP server, which Fastify owns.
      io.local.disconnectSockets(true);
      io.engine.close();
      await io.of("/").adapter.close();
      await Promise.all(redisClients.map((c) => c.quit().catch(() => undefined)));
    },
  };
}

function isAdmin(auth: AuthContext): boolean {
  return !auth.billingOnly && (auth.profile === "admin" || auth.super);
}

function handshakeToken(handshake: Socket["handshake"]): string | undefined {
  const fromAuth = (handshake.auth as { token?: unknown } | undefined)?.token;
  if (typeof fromAuth === "string" && fromAuth) return fromAuth;
  const fromQuery = handshake.query.token;
  return typeof fromQuery === "string" && fromQuery ? fromQuery : undefined;
}
