import { useNavigate } from "react-router";
import type { TicketView } from "@atendo/shared";
import { useAuth } from "../auth/auth-context.js";
import { useUpdateTicket } from "./api.js";

/** The status actions of core-service section 4, shared by the cards and the conversation header. */
export function useTicketActions() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const update = useUpdateTicket();
  const me = user?.id ?? null;
  const run = (ticket: TicketView, input: Parameters<typeof update.mutate>[0]["input"], open: boolean) =>
    update.mutate({ id: ticket.id, input }, { onSuccess: () => open && navigate(`/tickets/${ticket.uuid}`) });
  return {
    pending: update.isPending,
    /** Pending → open, assigned to me, then opened. */
    accept: (ticket: TicketView) => run(ticket, { status: "open", userId: me }, true),
    /** Closed by me (the card's close and the header's resolve). */
    resolve: (ticket: TicketView) => run(ticket, { status: "closed", userId: me }, false),
    /** Closed → open with me; the queue stays. */
    reopen: (ticket: TicketView) => run(ticket, { status: "open", userId: me }, true),
    /** Open → pending with no user. */
    returnToPending: (ticket: TicketView) => run(ticket, { status: "pending", userId: null }, false),
  };
}
