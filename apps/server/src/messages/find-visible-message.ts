import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { inCompany } from "../db/tenant.js";
import { contacts, messages, tickets } from "../db/schema.js";
import { AppError } from "../errors.js";
import { canSeeTicket, loadTicketViewer } from "../tickets/ticket-viewer.js";

/** A message with its ticket and chat, for a user who may see the ticket: 404 for another company's, 403 if hidden. */
export async function findVisibleMessage(db: DbOrTx, auth: AuthContext, messageId: number) {
  const [row] = await db
    .select({ message: messages, ticket: tickets, chat: contacts })
    .from(messages)
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .innerJoin(contacts, eq(contacts.id, messages.chatContactId))
    .where(inCompany(messages, auth.companyId, eq(messages.id, messageId)));
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
  if (!canSeeTicket(await loadTicketViewer(db, auth), row.ticket)) throw new AppError("ERR_NO_PERMISSION", 403);
  return row;
}

/** Edit and delete: only the agent who sent the message (core-service section 6). */
export function assertOwnMessage(auth: AuthContext, message: typeof messages.$inferSelect): void {
  if (!message.fromMe || message.userId !== auth.userId) throw new AppError("ERR_NO_PERMISSION", 403);
}
