import type { Tx } from "../../db/client.js";
import type { FlowContext } from "./flow-context.js";

/**
 * The bot's timed steps. Each job carries the state it was scheduled for (a timestamp or a message id); its
 * handler locks the ticket and does nothing when the ticket has moved on, so stale jobs are harmless and none
 * needs cancelling.
 */
export const FLOW_MENU_TIMEOUT_JOB = "flow-menu-timeout";
export const FLOW_TRANSFER_JOB = "flow-transfer";
export const FLOW_EXPIRE_JOB = "flow-expire";
export const FLOW_RATING_TIMEOUT_JOB = "flow-rating-timeout";

/** How long the rating question waits for an answer before the ticket closes without one (bot minutes). */
export const RATING_TIMEOUT_MINUTES = 60;

export interface FlowStepJob {
  companyId: number;
  ticketId: number;
  /** The ticket's flowStartedAt when scheduled (menu and rating timeouts). */
  flowStartedAt?: string;
  /** The ticket's createdAt (timeToTransfer). */
  ticketCreatedAt?: string;
  /** The agent message the expiry counts from (expiresTicket). */
  messageId?: number;
}

export async function scheduleFlowJob(ctx: FlowContext, tx: Tx, name: string, data: FlowStepJob, minutes: number): Promise<void> {
  await ctx.deps.jobs.enqueue<FlowStepJob>(name, data, { tx, startAfterSeconds: minutes * ctx.minuteSeconds });
}

export const sameInstant = (date: Date | null, iso: string | undefined) => date !== null && iso !== undefined && date.getTime() === new Date(iso).getTime();
