import type { TicketView } from "@atendo/shared";
import { api } from "../auth/api.js";
import { conversation } from "../conversation/conversation-store.js";

/**
 * Whether a customer message arriving on this ticket is read as it arrives: its conversation is open in a visible
 * page and the user is its agent (the server counts only the assigned agent's reading, mark-ticket-read.ts). Such a
 * message counts neither in the list's badge nor in the bell.
 */
export function readsOnArrival(ticket: Pick<TicketView, "id" | "userId">, meId: number): boolean {
  return conversation.current() === ticket.id && ticket.userId === meId && document.visibilityState === "visible";
}

const marking = new Set<number>();

/**
 * The server's mark-read call: reading the conversation's newest page (GET /messages/{ticketId}, page 1) marks its
 * customer messages read, zeroes the count and sends updateUnread to every screen that shows the ticket. One call at a
 * time per ticket; a burst of messages is covered by the call in flight or the next one.
 */
export function markTicketRead(ticketId: number): void {
  if (marking.has(ticketId)) return;
  marking.add(ticketId);
  void api
    .get(`/messages/${ticketId}`, { params: { pageNumber: 1 } })
    .catch(() => undefined)
    .finally(() => marking.delete(ticketId));
}
