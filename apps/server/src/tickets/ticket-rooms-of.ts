import type { Db } from "../db/client.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { rooms } from "../realtime/rooms.js";
import { loadTicketViewer, seesAllTickets } from "./ticket-viewer.js";

/** The queue rooms a user's sockets join (admins get every ticket through the admins room). */
export async function ticketRoomsOf(db: Db, auth: AuthContext): Promise<string[]> {
  const viewer = await loadTicketViewer(db, auth);
  return ticketRoomsFor(auth, viewer);
}

/** The same from what the socket handshake already read (auth/connect-socket-session.ts): no query. */
export function ticketRoomsFor(auth: AuthContext, user: { queueIds: number[]; allTicket: boolean }): string[] {
  if (seesAllTickets(auth)) return [];
  const list = user.queueIds.map((q) => rooms.queue(auth.companyId, q));
  if (user.allTicket) list.push(rooms.noQueue(auth.companyId));
  return list;
}
