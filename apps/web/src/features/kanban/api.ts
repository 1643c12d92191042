import { useRef } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { KanbanTicketsPage, TagView, TicketEventPayload, TicketView } from "@atendo/shared";
import { api } from "../auth/api.js";
import { onBoard, movedTicket, OPEN_LANE, type LaneId } from "./board.js";

export const kanbanKeys = {
  all: ["kanban"] as const,
  lanes: () => [...kanbanKeys.all, "lanes"] as const,
  tickets: () => [...kanbanKeys.all, "tickets"] as const,
};

/** The tag lanes (GET /tags/kanban), in the tags page's order (by name). */
export function useKanbanLanes() {
  return useQuery({
    queryKey: kanbanKeys.lanes(),
    queryFn: async () => (await api.get<{ lista: TagView[] }>("/tags/kanban")).data.lista,
  });
}

/** The cards: the open and pending tickets the user may see (the server applies the tickets' visibility rule). */
export function useKanbanTickets() {
  return useQuery({
    queryKey: kanbanKeys.tickets(),
    queryFn: async () => (await api.get<KanbanTicketsPage>("/ticket/kanban")).data.tickets,
  });
}

type Upsert = (ticket: TicketView) => void;

function upsertInto(list: TicketView[] | undefined, ticket: TicketView): TicketView[] | undefined {
  if (!list) return list;
  const rest = list.filter((t) => t.id !== ticket.id);
  if (!onBoard(ticket)) return rest;
  const index = list.findIndex((t) => t.id === ticket.id);
  if (index < 0) return [ticket, ...rest];
  const copy = [...list];
  copy[index] = ticket;
  return copy;
}

export interface MoveCallbacks {
  onRemoved: () => void;
  onAdded: () => void;
  onFailed: (error: unknown) => void;
}

/**
 * Moving a card (administration section 4): the card moves at once; the server removes the ticket's kanban tags
 * (DELETE /ticket-tags/{id}) and adds the new lane's (PUT /ticket-tags/{id}/{tag}). A refusal puts the card back
 * (and reloads the board, since the first call may have passed). Ticket events for a card in flight are held back,
 * so the removal's event does not flash the card through 'Em aberto'.
 */
export function useKanbanBoard(callbacks: MoveCallbacks) {
  const queryClient = useQueryClient();
  const inFlight = useRef(new Set<number>());
  const setTickets = (update: (list: TicketView[] | undefined) => TicketView[] | undefined) =>
    queryClient.setQueryData<TicketView[]>(kanbanKeys.tickets(), update);
  const upsert: Upsert = (ticket) => setTickets((list) => upsertInto(list, ticket));

  const move = useMutation({
    mutationFn: async ({ ticket, from, to }: { ticket: TicketView; from: LaneId; to: LaneId; lanes: TagView[] }) => {
      let latest = ticket;
      // Out of a tag lane: the old lane's tag goes first.
      if (from !== OPEN_LANE) {
        latest = (await api.delete<TicketView>(`/ticket-tags/${ticket.id}`)).data;
        callbacks.onRemoved();
      }
      if (to !== OPEN_LANE) {
        latest = (await api.put<TicketView>(`/ticket-tags/${ticket.id}/${to}`)).data;
        callbacks.onAdded();
      }
      return latest;
    },
    onMutate: async ({ ticket, to, lanes }) => {
      inFlight.current.add(ticket.id);
      await queryClient.cancelQueries({ queryKey: kanbanKeys.tickets() });
      const before = queryClient.getQueryData<TicketView[]>(kanbanKeys.tickets());
      upsert(movedTicket(ticket, to, lanes));
      return { before };
    },
    onError: (error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(kanbanKeys.tickets(), context.before);
      callbacks.onFailed(error);
      void queryClient.invalidateQueries({ queryKey: kanbanKeys.tickets() });
    },
    onSuccess: (ticket) => upsert(ticket),
    onSettled: (_data, _error, { ticket }) => {
      inFlight.current.delete(ticket.id);
    },
    // The board toasts the failure itself.
    meta: { silent: true },
  });

  /** A `company-{id}-ticket` event: other users' moves, new and closed tickets. */
  const onTicketEvent = (payload: TicketEventPayload) => {
    if (payload.action === "update") {
      if (!inFlight.current.has(payload.ticket.id)) upsert(payload.ticket);
    } else if (payload.action === "delete") {
      setTickets((list) => list?.filter((t) => t.id !== payload.ticketId));
    }
  };

  return { move, onTicketEvent };
}
