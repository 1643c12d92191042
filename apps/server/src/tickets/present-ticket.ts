import type { TicketView } from "@atendo/shared";
import type { contacts, queues, tickets, users, whatsapps } from "../db/schema.js";

type TicketRow = typeof tickets.$inferSelect;

export interface TicketJoins {
  contact: Pick<typeof contacts.$inferSelect, "id" | "name" | "number" | "profilePicUrl" | "isGroup" | "email">;
  user: Pick<typeof users.$inferSelect, "id" | "name"> | null;
  queue: Pick<typeof queues.$inferSelect, "id" | "name" | "color"> | null;
  whatsapp: Pick<typeof whatsapps.$inferSelect, "id" | "name"> | null;
  tags: { id: number; name: string; color: string }[];
  rating: number | null;
  /** Computed by the caller (whatsapp/cloudapi/customer-window.ts); null for providers without a window. */
  customerWindowExpiresAt: string | null;
}

/** What leaves the server about a ticket: never the bot's internal bookkeeping beyond the chatbot flag. */
export function presentTicket(ticket: TicketRow, joins: TicketJoins): TicketView {
  return {
    id: ticket.id,
    uuid: ticket.uuid,
    status: ticket.status,
    userId: ticket.userId,
    user: joins.user ? { id: joins.user.id, name: joins.user.name } : null,
    queueId: ticket.queueId,
    queue: joins.queue ? { id: joins.queue.id, name: joins.queue.name, color: joins.queue.color } : null,
    whatsappId: ticket.whatsappId,
    whatsapp: joins.whatsapp ? { id: joins.whatsapp.id, name: joins.whatsapp.name } : null,
    contactId: ticket.contactId,
    contact: {
      id: joins.contact.id,
      name: joins.contact.name,
      number: joins.contact.number,
      profilePicUrl: joins.contact.profilePicUrl,
      isGroup: joins.contact.isGroup,
      email: joins.contact.email,
    },
    lastMessage: ticket.lastMessage,
    lastMessageAt: ticket.lastMessageAt?.toISOString() ?? null,
    unreadMessages: ticket.unreadMessages,
    isGroup: ticket.isGroup,
    chatbot: ticket.flowStep !== null,
    tags: joins.tags,
    useIntegration: ticket.useIntegration,
    integrationId: ticket.integrationId,
    promptId: ticket.promptId,
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
    // The database keeps the last close through a reopen (dashboard); the ticket shows it only while closed.
    closedAt: ticket.status === "closed" ? (ticket.closedAt?.toISOString() ?? null) : null,
    rating: joins.rating,
    customerWindowExpiresAt: joins.customerWindowExpiresAt,
  };
}
