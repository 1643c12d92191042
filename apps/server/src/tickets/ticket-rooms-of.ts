import type { Db } from "../db/client.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { rooms } from "../realtime/rooms.js";
import { loadTicketViewer } from "./ticket-viewer.js";

/** The queue rooms a user's sockets join (admins get every ticket through the admins room). */
export async function ticketRoomsOf(db: Db, auth: AuthContext): Promise<string[]> {
  const viewer = await loadTicketViewer(db, auth);
  if (viewer.seesAll) return [];
  const list = viewer.queueIds.map((q) => rooms.queue(auth.companyId, q));
  if (viewer.allTicket) list.push(rooms.noQueue(auth.companyId));
  return list;
}
