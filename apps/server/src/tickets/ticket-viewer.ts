import { and, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { can } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { tickets, userQueues, users } from "../db/schema.js";
import type { AuthContext } from "../auth/load-session-context.js";

/** Who is looking at tickets, with what the visibility rule needs (core-service sections 4 and 6). */
export interface TicketViewer {
  userId: number;
  companyId: number;
  /** Admins (and whoever the permission table lets show all) may see every ticket of the company. */
  seesAll: boolean;
  queueIds: number[];
  /** allTicket enabled: also sees tickets without a queue (and pending ones in the bell). */
  allTicket: boolean;
}

export async function loadTicketViewer(db: DbOrTx, auth: AuthContext): Promise<TicketViewer> {
  // An HTTP request read the access with its session (auth/load-session-context.ts): no statement of its own.
  if (auth.ticketAccess) return { userId: auth.userId, companyId: auth.companyId, seesAll: seesAllTickets(auth), ...auth.ticketAccess };
  // One round trip (GET /tickets runs on every screen refresh): the user's flag and their queues as an array.
  const [user] = await db
    .select({
      allTicket: users.allTicket,
      queueIds: sql<number[]>`array(select ${userQueues.queueId} from ${userQueues} where ${userQueues.userId} = ${users.id} and ${userQueues.companyId} = ${users.companyId} order by 1)`,
    })
    .from(users)
    .where(and(eq(users.id, auth.userId), eq(users.companyId, auth.companyId)));
  return {
    userId: auth.userId,
    companyId: auth.companyId,
    seesAll: seesAllTickets(auth),
    queueIds: (user?.queueIds ?? []).map(Number),
    allTicket: user?.allTicket === "enabled",
  };
}

/** Admins (and whoever the permission table lets show all). */
export function seesAllTickets(auth: AuthContext): boolean {
  return can(auth, "tickets-manager:showall");
}

/**
 * The one rule of which tickets a user may see at all (list, open, join its chat box, receive its events): admins
 * everything; others the tickets of their queues, those assigned to them, and with allTicket those without a queue.
 * Filters of a request only narrow this; nothing a client sends widens it.
 */
export function visibleTicketsCondition(viewer: TicketViewer): SQL | undefined {
  if (viewer.seesAll) return undefined;
  const parts: SQL[] = [eq(tickets.userId, viewer.userId)];
  if (viewer.queueIds.length > 0) parts.push(inArray(tickets.queueId, viewer.queueIds));
  if (viewer.allTicket) parts.push(isNull(tickets.queueId));
  return or(...parts) ?? sql`false`;
}

/** The same rule for one ticket already loaded (events, joinChatBox). */
export function canSeeTicket(viewer: TicketViewer, ticket: { userId: number | null; queueId: number | null }): boolean {
  if (viewer.seesAll) return true;
  if (ticket.userId === viewer.userId) return true;
  if (ticket.queueId === null) return viewer.allTicket;
  return viewer.queueIds.includes(ticket.queueId);
}
