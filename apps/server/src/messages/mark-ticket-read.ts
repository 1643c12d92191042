import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "../app-deps.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { inCompany } from "../db/tenant.js";
import { contacts, messages, tickets } from "../db/schema.js";
import { emitTicketUnreadReset } from "../tickets/emit-ticket-events.js";
import { chatRefOfContact } from "./chat-ref-of-contact.js";

/**
 * The ticket's agent opened the conversation: its customer messages become read, the unread count goes to zero
 * (updateUnread to everyone who sees the ticket) and the customer gets read receipts where the provider sends them.
 * Only the assigned agent's reading counts: an admin looking in (spy) or a colleague does not mark anything.
 */
export async function markTicketRead(
  deps: Pick<AppDeps, "db" | "realtime" | "sessions">,
  logger: FastifyBaseLogger,
  auth: AuthContext,
  ticketId: number,
): Promise<boolean> {
  const [ticket] = await deps.db.select().from(tickets).where(inCompany(tickets, auth.companyId, eq(tickets.id, ticketId)));
  if (!ticket || ticket.userId !== auth.userId) return false;
  const unread = await deps.db
    .update(messages)
    .set({ read: true })
    .where(inCompany(messages, auth.companyId, and(eq(messages.ticketId, ticket.id), eq(messages.fromMe, false), eq(messages.read, false))))
    .returning({ id: messages.id, createdAt: messages.createdAt, providerId: messages.providerId });
  if (unread.length === 0 && ticket.unreadMessages === 0) return false;
  await deps.db.update(tickets).set({ unreadMessages: 0 }).where(eq(tickets.id, ticket.id));
  emitTicketUnreadReset(deps.realtime, auth.companyId, ticket);
  // Oldest first (RETURNING has no order): the Cloud API sends one receipt, for the last id, which covers the earlier.
  unread.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
  const ids = unread.flatMap((m) => (m.providerId ? [m.providerId] : []));
  if (ids.length > 0 && ticket.whatsappId && !ticket.isGroup) {
    const [contact] = await deps.db.select().from(contacts).where(eq(contacts.id, ticket.contactId));
    // Receipts are a courtesy: a connection that is down must not fail the agent's reading.
    if (contact) {
      void deps.sessions.call(ticket.whatsappId, "markRead", chatRefOfContact(contact), ids).catch((err: unknown) => logger.debug({ err }, "read receipts not sent"));
    }
  }
  return true;
}
