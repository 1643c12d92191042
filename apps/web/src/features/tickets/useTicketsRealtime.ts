import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import {
  CLIENT_EVENTS,
  companyEvent,
  type AppMessageEventPayload,
  type PresenceEventPayload,
  type TicketEventPayload,
} from "@atendo/shared";
import { useAuth } from "../auth/auth-context.js";
import { useSocket, useSocketEvent } from "../realtime/socket-context.js";
import { ticketKeys } from "./keys.js";
import { setTicketPresence } from "./presence-store.js";
import { markTicketRead, readsOnArrival } from "./reading.js";
import { applyAppMessageEvent, applyTicketEvent } from "./ticket-cache.js";

const STATUSES = ["open", "pending", "closed"] as const;

/** Keeps the tickets screen's lists and open conversation current (core-service section 4, real time). */
export function useTicketsRealtime(): void {
  const { user } = useAuth();
  const socket = useSocket();
  const queryClient = useQueryClient();
  const companyId = user?.companyId;
  const meId = user?.id ?? 0;

  useEffect(() => {
    if (!socket) return;
    const join = () => {
      for (const status of STATUSES) socket.emit(CLIENT_EVENTS.joinTickets, { status });
    };
    // After a reconnect the events missed while away are unknown: the lists load again.
    const rejoin = () => {
      join();
      void queryClient.invalidateQueries({ queryKey: ticketKeys.all });
    };
    if (socket.connected) join();
    socket.on("connect", rejoin);
    return () => {
      socket.off("connect", rejoin);
      for (const status of STATUSES) socket.emit(CLIENT_EVENTS.leaveTickets, { status });
    };
  }, [socket, queryClient]);

  useSocketEvent<TicketEventPayload>(companyId ? companyEvent.ticket(companyId) : null, (event) =>
    applyTicketEvent(queryClient, event, meId),
  );
  useSocketEvent<AppMessageEventPayload>(companyId ? companyEvent.appMessage(companyId) : null, (event) => {
    // The customer's message in the conversation being read is read now: no unread count, and the server is told.
    if (event.action === "create" && !event.message.fromMe && readsOnArrival(event.ticket, meId)) {
      applyAppMessageEvent(queryClient, { ...event, ticket: { ...event.ticket, unreadMessages: 0 } }, meId);
      markTicketRead(event.ticket.id);
    } else applyAppMessageEvent(queryClient, event, meId);
  });
  useSocketEvent<PresenceEventPayload>(companyId ? companyEvent.presence(companyId) : null, (event) =>
    setTicketPresence(event.ticketId, event.presence),
  );
}
