/** A ticket as the notification bell lists it. */
export interface UnreadTicket {
  id: number;
  uuid: string;
  contactName: string;
  lastMessage: string;
  unreadMessages: number;
  updatedAt: string;
}

/**
 * Tickets with unread messages for the current user (spec section 4, notification bell).
 * Tickets arrive with a later issue; until then there is nothing to list.
 */
const NONE: readonly UnreadTicket[] = [];

export function useUnreadTickets(): readonly UnreadTicket[] {
  return NONE;
}
