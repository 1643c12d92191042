import type { MessageView } from "@atendo/shared";
import type { AppDeps } from "../app-deps.js";
import { loadMessageView } from "../messages/load-message-views.js";
import { loadTicketViewAfterCommit } from "../tickets/emit-changes.js";
import { emitMessageCreate, emitMessageUpdate, emitTicketUpdate } from "../tickets/emit-ticket-events.js";

type Deps = Pick<AppDeps, "db" | "realtime">;
type Placement = { userId: number | null; queueId: number | null };

/**
 * After commit: a stored message (its view made from the written row, or loaded by id) and its ticket, loaded once
 * after whatever the bot changed (and shared with the bot's own events of the same commit). The ticket goes out as
 * a ticket update too (lists move it to the top with its unread count); `before` is where the ticket was when the
 * message arrived, so rooms that lost it (the bot moved it to a queue) get a delete.
 */
export async function emitIngestedMessage(deps: Deps, companyId: number, written: MessageView | number, before?: Placement): Promise<void> {
  const message = typeof written === "number" ? await loadMessageView(deps.db, companyId, written) : written;
  if (!message) return;
  const ticket = await loadTicketViewAfterCommit(deps.db, companyId, message.ticketId);
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
