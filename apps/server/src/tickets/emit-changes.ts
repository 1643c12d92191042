import type { TicketView } from "@atendo/shared";
import type { AppDeps } from "../app-deps.js";
import type { DbOrTx } from "../db/client.js";
import { afterCommitMemo } from "./in-transaction.js";
import { loadMessageView } from "../messages/load-message-views.js";
import { loadTicketView } from "./load-ticket-views.js";
import { emitMessageCreate, emitTicketUpdate } from "./emit-ticket-events.js";

type Deps = Pick<AppDeps, "db" | "realtime">;

/** After commit: a ticket's current state to those who may see it (and a delete to those who no longer may). */
export async function emitTicketChanged(
  deps: Deps,
  companyId: number,
  ticketId: number,
  before?: { userId: number | null; queueId: number | null },
): Promise<void> {
  const view = await loadTicketViewAfterCommit(deps.db, companyId, ticketId);
  if (view) emitTicketUpdate(deps.realtime, companyId, view, before);
}

/** After commit: a new message with its ticket. */
export async function emitMessageCreated(deps: Deps, companyId: number, messageId: number): Promise<void> {
  const view = await loadMessageView(deps.db, companyId, messageId);
  if (!view) return;
  const ticket = await loadTicketViewAfterCommit(deps.db, companyId, view.ticketId);
  if (ticket) emitMessageCreate(deps.realtime, companyId, view, ticket);
}

/**
 * A ticket's view for the events of one commit: loaded once however many of that commit's events carry it (a
 * customer message, the bot's answer and its ticket change). Outside after-commit tasks, simply loaded.
 */
export function loadTicketViewAfterCommit(db: DbOrTx, companyId: number, ticketId: number): Promise<TicketView | undefined> {
  return afterCommitMemo(`ticket-view:${companyId}:${ticketId}`, () => loadTicketView(db, companyId, ticketId));
}
