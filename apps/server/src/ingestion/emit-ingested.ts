import type { AppDeps } from "../app-deps.js";
import { loadMessageView } from "../messages/load-message-views.js";
import { loadTicketView } from "../tickets/load-ticket-views.js";
import { emitMessageCreate, emitMessageUpdate, emitTicketUpdate } from "../tickets/emit-ticket-events.js";

type Deps = Pick<AppDeps, "db" | "realtime">;
type Placement = { userId: number | null; queueId: number | null };

/**
 * After commit: a stored message and its ticket, both loaded once after whatever the bot changed. The ticket goes
 * out as a ticket update too (lists move it to the top with its unread count); `before` is where the ticket was when
 * the message arrived, so rooms that lost it (the bot moved it to a queue) get a delete.
 */
export async function emitIngestedMessage(deps: Deps, companyId: number, messageId: number, before?: Placement): Promise<void> {
  const message = await loadMessageView(deps.db, companyId, messageId);
  if (!message) return;
  const ticket = await loadTicketView(deps.db, companyId, message.ticketId);
  if (!ticket) return;
  emitMessageCreate(deps.realtime, companyId, message, ticket);
  const moved = before && (before.userId !== (ticket.userId ?? null) || before.queueId !== (ticket.queueId ?? null));
  emitTicketUpdate(deps.realtime, companyId, ticket, moved ? before : undefined);
}

/** After commit: a changed message (ack, edit, revoke, reaction change) to its ticket's rooms. */
export async function emitIngestedMessageUpdate(deps: Deps, companyId: number, messageId: number, ticket: Placement & { id: number }): Promise<void> {
  const message = await loadMessageView(deps.db, companyId, messageId);
  if (message) emitMessageUpdate(deps.realtime, companyId, message, ticket);
}
