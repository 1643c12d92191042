import type { Tx } from "../../db/client.js";
import type { AfterCommit } from "../in-transaction.js";
import type { TicketRow } from "./load-flow-state.js";

export interface CustomerMessageInput {
  companyId: number;
  ticketId: number;
  messageId: number;
  isNewTicket: boolean;
  /**
   * What the caller (ingestion) just wrote in this transaction: the ticket as it now is and locked by the caller,
   * the message and its chat's contact. Spares re-locking the ticket and re-reading the message; without it they
   * are loaded.
   */
  written?: {
    ticket: TicketRow;
    message: { id: number; body: string; createdAt: Date };
    /** The chat's contact as this transaction left it (its name spares a read when the bot writes to it). */
    contact: { id: number; canonicalNumber: string | null; name?: string };
  };
}

/**
 * The bot's entry points, called by ingestion and by the ticket life cycle inside their transactions. Each may
 * change the ticket's flow state, queue automatic messages (outbox) and schedule timed steps (jobs); events for what
 * it did go through `after`. See docs/ARCHITECTURE.md, "Tickets and the bot".
 */
export interface FlowHooks {
  /** A customer message was stored in a ticket (new or existing, not fromMe, not a group). */
  afterCustomerMessage(tx: Tx, after: AfterCommit, input: CustomerMessageInput): Promise<void>;
  /** A pending ticket was accepted by `userId` (sendGreetingAccepted). */
  afterAccepted(tx: Tx, after: AfterCommit, input: { companyId: number; ticketId: number; userId: number }): Promise<void>;
  /** A ticket moved to another queue and/or user (sendMsgTransfTicket). */
  afterTransferred(
    tx: Tx,
    after: AfterCommit,
    input: { companyId: number; ticketId: number; fromQueueId: number | null; toQueueId: number | null; fromUserId: number | null; toUserId: number | null },
  ): Promise<void>;
  /**
   * An agent resolves a ticket. "close": the caller closes it now (the completion message is queued here);
   * "awaiting-rating": the rating question went out and the ticket closes when the customer answers (or times out).
   */
  beforeClose(tx: Tx, after: AfterCommit, input: { companyId: number; ticketId: number; userId: number | null; sendFarewell: boolean }): Promise<"close" | "awaiting-rating">;
  /**
   * An agent's message was stored on a ticket (fromMe, not automatic): starts the connection's expiresTicket timer
   * (the ticket closes after that many minutes without a customer answer). Added by the bot; the message-sending
   * path calls it in its transaction.
   */
  afterAgentMessage(tx: Tx, after: AfterCommit, input: { companyId: number; ticketId: number; messageId: number }): Promise<void>;
}
