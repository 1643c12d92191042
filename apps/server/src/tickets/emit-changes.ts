import type { MessageView, TicketView } from "@atendo/shared";
import type { AppDeps } from "../app-deps.js";
import type { DbOrTx } from "../db/client.js";
import { afterCommitMemo } from "./in-transaction.js";
import { loadMessageView } from "../messages/load-message-views.js";
import { loadTicketView, loadTicketViews } from "./load-ticket-views.js";
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

/** After commit: a new message with its ticket (its view given when the caller made it from the written row). */
export async function emitMessageCreated(deps: Deps, companyId: number, message: number | MessageView): Promise<void> {
  const view = typeof message === "number" ? await loadMessageView(deps.db, companyId, message) : message;
  if (!view) return;
  const ticket = await loadTicketViewAfterCommit(deps.db, companyId, view.ticketId);
  if (ticket) emitMessageCreate(deps.realtime, companyId, view, ticket);
}

/**
 * A ticket's view for the events of one commit: loaded once however many of that commit's events carry it (a
 * customer message, the bot's answer and its ticket change). Outside after-commit tasks, simply loaded.
 */
export function loadTicketViewAfterCommit(db: DbOrTx, companyId: number, ticketId: number): Promise<TicketView | undefined> {
  return afterCommitMemo(ticketViewKey(companyId, ticketId), () => loadTicketView(db, companyId, ticketId));
}

/**
 * In one commit's after-commit tasks, the views of many tickets loaded together (one query for all, not one each):
 * loadTicketViewAfterCommit then finds them. Group commit's batch of messages calls this first.
 */
export function preloadTicketViewsAfterCommit(db: DbOrTx, companyId: number, ticketIds: readonly number[]): Promise<void> {
  const ids = [...new Set(ticketIds)];
  if (ids.length === 0) return Promise.resolve();
  // A failed load leaves each view to be loaded on its own, as without the preload.
  const all = loadTicketViews(db, companyId, ids).catch(() => undefined);
  for (const id of ids) {
    void afterCommitMemo(ticketViewKey(companyId, id), () => {
      const view = all.then((views) => (views ? views.find((v) => v.id === id) : loadTicketView(db, companyId, id)));
      view.catch(() => undefined); // observed by whoever asks for it; never an unhandled rejection
      return view;
    });
  }
  return all.then(() => undefined);
}

const ticketViewKey = (companyId: number, ticketId: number) => `ticket-view:${companyId}:${ticketId}`;
