import { useEffect } from "react";
import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useLocation } from "react-router";
import { companyEvent, type AppMessageEventPayload, type SessionUser, type TicketEventPayload, type TicketPage, type TicketView } from "@atendo/shared";
import { api } from "../auth/api.js";
import { useAuth } from "../auth/auth-context.js";
import { useSocketEvent } from "../realtime/socket-context.js";
import { readsOnArrival } from "../tickets/reading.js";
import { alertNewMessage, askNotificationPermission } from "./alert.js";

/** A ticket as the notification bell lists it. */
export interface UnreadTicket {
  id: number;
  uuid: string;
  contactName: string;
  lastMessage: string;
  unreadMessages: number;
  updatedAt: string;
}

type BellUser = Pick<SessionUser, "id" | "allTicket" | "queues">;

/**
 * The bell's rule (core-service section 4): unread, and either assigned to the user or unassigned in one of the
 * user's queues (or in none); pending tickets only for users with allTicket. Closed tickets never.
 */
export function isNotifiable(ticket: TicketView, user: BellUser): boolean {
  if (ticket.unreadMessages <= 0 || ticket.status === "closed") return false;
  if (ticket.status === "pending" && user.allTicket !== "enabled") return false;
  if (ticket.userId !== null) return ticket.userId === user.id;
  return ticket.queueId === null || user.queues.some((queue) => queue.id === ticket.queueId);
}

const bellKey = (userId: number) => ["tickets", "notifications", userId] as const;

function toItem(ticket: TicketView): UnreadTicket {
  return {
    id: ticket.id,
    uuid: ticket.uuid,
    contactName: ticket.contact.name,
    lastMessage: ticket.lastMessage,
    unreadMessages: ticket.unreadMessages,
    updatedAt: ticket.updatedAt,
  };
}

/** Puts a changed ticket in the bell (at the top when `lift`) or takes it out, by the bell's rule. */
export function applyBellTicket(queryClient: QueryClient, user: BellUser, ticket: TicketView, lift: boolean): void {
  queryClient.setQueryData<UnreadTicket[]>(bellKey(user.id), (list = []) => {
    const present = list.some((item) => item.id === ticket.id);
    if (!isNotifiable(ticket, user)) return present ? list.filter((item) => item.id !== ticket.id) : list;
    if (present && !lift) return list.map((item) => (item.id === ticket.id ? toItem(ticket) : item));
    return [toItem(ticket), ...list.filter((item) => item.id !== ticket.id)];
  });
}

function removeFromBell(queryClient: QueryClient, userId: number, ticketId: number): void {
  queryClient.setQueryData<UnreadTicket[]>(bellKey(userId), (list) => list?.filter((item) => item.id !== ticketId));
}

/**
 * Tickets with unread messages for the current user, kept live by the socket. A new customer message on a ticket the
 * bell lists plays the notification sound at the chosen volume and, when permitted, shows a browser notification
 * (not for the ticket being read in a visible page).
 */
export function useUnreadTickets(): readonly UnreadTicket[] {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const location = useLocation();
  const query = useQuery({
    queryKey: bellKey(user?.id ?? 0),
    queryFn: async () => {
      const page = (await api.get<TicketPage>("/tickets", { params: { withUnreadMessages: true, showAll: false, pageNumber: 1 } })).data;
      return user ? page.tickets.filter((ticket) => isNotifiable(ticket, user)).map(toItem) : [];
    },
    enabled: Boolean(user),
    meta: { silent: true },
  });

  useEffect(() => {
    if (user) askNotificationPermission();
  }, [user]);

  const companyId = user?.companyId;
  useSocketEvent<TicketEventPayload>(companyId ? companyEvent.ticket(companyId) : null, (event) => {
    if (!user) return;
    if (event.action === "update") applyBellTicket(queryClient, user, event.ticket, false);
    else removeFromBell(queryClient, user.id, event.ticketId);
  });
  useSocketEvent<AppMessageEventPayload>(companyId ? companyEvent.appMessage(companyId) : null, (event) => {
    if (!user || event.action !== "create") return;
    // A message in the conversation the user is reading is read as it arrives (tickets/reading.ts): not in the bell.
    if (!event.message.fromMe && readsOnArrival(event.ticket, user.id)) {
      applyBellTicket(queryClient, user, { ...event.ticket, unreadMessages: 0 }, false);
      return;
    }
    applyBellTicket(queryClient, user, event.ticket, true);
    if (event.message.fromMe || !isNotifiable(event.ticket, user)) return;
    const reading = location.pathname === `/tickets/${event.ticket.uuid}` && document.visibilityState === "visible";
    if (!reading) alertNewMessage(event.ticket, event.message);
  });

  return query.data ?? NONE;
}

const NONE: readonly UnreadTicket[] = [];
