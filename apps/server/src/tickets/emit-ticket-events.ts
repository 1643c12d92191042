import { companyEvent, type AppMessageEventPayload, type MessageView, type PresenceEventPayload, type TicketEventPayload, type TicketView } from "@atendo/shared";
import type { Realtime } from "../realtime/realtime.js";
import { rooms } from "../realtime/rooms.js";

type Placement = { userId: number | null; queueId: number | null };

/**
 * The rooms that may see a ticket, computed here and nowhere else: admins, the users of its queue (or those who see
 * tickets without a queue), and its assigned user. Mirrors `canSeeTicket` in ticket-viewer.ts.
 */
export function ticketRooms(companyId: number, ticket: Placement): string[] {
  const list = [rooms.admins(companyId), ticket.queueId ? rooms.queue(companyId, ticket.queueId) : rooms.noQueue(companyId)];
  if (ticket.userId) list.push(rooms.user(ticket.userId));
  return list;
}

/**
 * A ticket changed. Those who may see it get it; those who could see it before and no longer can (a transfer to
 * another queue or user) get a delete, so it leaves their lists without them seeing where it went.
 */
export function emitTicketUpdate(realtime: Realtime, companyId: number, ticket: TicketView, before?: Placement): void {
  const now = ticketRooms(companyId, ticket);
  const payload: TicketEventPayload = { action: "update", ticket };
  realtime.toRooms(now, companyEvent.ticket(companyId), payload);
  if (before) {
    const gone: TicketEventPayload = { action: "delete", ticketId: ticket.id };
    realtime.toRooms(ticketRooms(companyId, before), companyEvent.ticket(companyId), gone, now);
  }
}

export function emitTicketDelete(realtime: Realtime, companyId: number, ticket: Placement & { id: number }): void {
  const payload: TicketEventPayload = { action: "delete", ticketId: ticket.id };
  realtime.toRooms([...ticketRooms(companyId, ticket), rooms.ticket(companyId, ticket.id)], companyEvent.ticket(companyId), payload);
}

export function emitTicketUnreadReset(realtime: Realtime, companyId: number, ticket: Placement & { id: number }): void {
  const payload: TicketEventPayload = { action: "updateUnread", ticketId: ticket.id };
  realtime.toRooms(ticketRooms(companyId, ticket), companyEvent.ticket(companyId), payload);
}

/** A new message: to the ticket's rooms and to whoever has its chat open. */
export function emitMessageCreate(realtime: Realtime, companyId: number, message: MessageView, ticket: TicketView): void {
  const payload: AppMessageEventPayload = { action: "create", message, ticket };
  realtime.toRooms([...ticketRooms(companyId, ticket), rooms.ticket(companyId, ticket.id)], companyEvent.appMessage(companyId), payload);
}

export function emitMessageUpdate(realtime: Realtime, companyId: number, message: MessageView, ticket: Placement & { id: number }): void {
  const payload: AppMessageEventPayload = { action: "update", message };
  realtime.toRooms([...ticketRooms(companyId, ticket), rooms.ticket(companyId, ticket.id)], companyEvent.appMessage(companyId), payload);
}

export function emitPresence(realtime: Realtime, companyId: number, ticket: Placement & { id: number }, presence: PresenceEventPayload["presence"]): void {
  const payload: PresenceEventPayload = { ticketId: ticket.id, presence };
  realtime.toRooms([...ticketRooms(companyId, ticket), rooms.ticket(companyId, ticket.id)], companyEvent.presence(companyId), payload);
}
