import type { MessageView } from "@atendo/shared";
import type { AppDeps } from "../app-deps.js";
import { loadMessageView } from "../messages/load-message-views.js";
import { loadTicketViewAfterCommit } from "../tickets/emit-changes.js";
import { emitMessageCreate, emitMessageUpdate, emitTicketUpdate } from "../tickets/emit-ticket-events.js";

type Deps = Pick<AppDeps, "db" | "realtime">;
type Placement = { userId: number | null; queueId: number | null };

/**
 * After commit: a stored message (its view made from the written row, or loaded by id) with its ticket, loaded once
 * after whatever the bot changed (and shared with the bot's own events of the same commit). The appMessage event
 * carries the ticket, and lists lift it from there with its unread count, as for our own messages; a separate ticket
 * update goes out only for a ticket this message opened (the kanban and the dashboard count tickets from those). A
 * ticket the bot moved to a queue gets the bot's own update, with a delete for the rooms that lost it
 * (tickets/flow/update-flow-ticket.ts). One event per message instead of two: docs/DECISIONS.md.
 */
export async function emitIngestedMessage(deps: Deps, companyId: number, written: MessageView | number, created = false): Promise<void> {
  const message = typeof written === "number" ? await loadMessageView(deps.db, companyId, written) : written;
  if (!message) return;
  const ticket = await loadTicketViewAfterCommit(deps.db, companyId, message.ticketId);
  if (!ticket) return;
  emitMessageCreate(deps.realtime, companyId, message, ticket);
  if (created) emitTicketUpdate(deps.realtime, companyId, ticket);
}

/** After commit: a changed message (ack, edit, revoke, reaction change) to its ticket's rooms. */
export async function emitIngestedMessageUpdate(deps: Deps, companyId: number, messageId: number, ticket: Placement & { id: number }): Promise<void> {
  const message = await loadMessageView(deps.db, companyId, messageId);
  if (message) emitMessageUpdate(deps.realtime, companyId, message, ticket);
}
