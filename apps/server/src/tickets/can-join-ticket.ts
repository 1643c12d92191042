import { eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { inCompany } from "../db/tenant.js";
import { tickets } from "../db/schema.js";
import { canSeeTicket, loadTicketViewer } from "./ticket-viewer.js";

/** joinChatBox: only a ticket of the user's company that the visibility rule lets them see. */
export async function canJoinTicket(db: Db, auth: AuthContext, ticketId: number): Promise<boolean> {
  const [ticket] = await db
    .select({ userId: tickets.userId, queueId: tickets.queueId })
    .from(tickets)
    .where(inCompany(tickets, auth.companyId, eq(tickets.id, ticketId)));
  if (!ticket) return false;
  return canSeeTicket(await loadTicketViewer(db, auth), ticket);
}
