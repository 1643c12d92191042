import { AsyncLocalStorage } from "node:async_hooks";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { messages, tickets } from "../../db/schema.js";
import type { Jobs } from "../../jobs/jobs.js";
import { outgoingMessageValues, SEND_MESSAGE_JOB, type OutgoingMessageInput, type SendMessageJob } from "../../messages/queue-outgoing-message.js";
import type { TicketRow } from "./load-flow-state.js";

type MessageRow = typeof messages.$inferSelect;
type OutboxTicket = Pick<TicketRow, "id" | "contactId" | "whatsappId" | "queueId">;

interface PendingText {
  input: OutgoingMessageInput;
  ticket: OutboxTicket;
  at: Date;
  written: (row: MessageRow) => void;
}

/** The ticket columns the bot changes (updateFlowTicket's patch). */
export type FlowTicketPatch = Partial<
  Pick<TicketRow, "queueId" | "status" | "flowStep" | "flowAttempts" | "flowStartedAt" | "flowHandledMessageId" | "closedAt" | "lastMessage" | "lastMessageAt">
>;

/** Each patchable column with the array type it travels in (timestamps as ISO text, cast back). */
const COLUMNS = [
  ["queueId", "int"],
  ["status", "text"],
  ["flowStep", "text"],
  ["flowAttempts", "int"],
  ["flowStartedAt", "timestamptz"],
  ["flowHandledMessageId", "int"],
  ["closedAt", "timestamptz"],
  ["lastMessage", "text"],
  ["lastMessageAt", "timestamptz"],
] as const satisfies readonly (readonly [keyof FlowTicketPatch, string])[];

interface Pending {
  companyId: number;
  patch: FlowTicketPatch;
  at: Date;
}

/**
 * The bot's writes of a batch, held back and written together before the batch goes on (ingestion's set-based
 * path: each of its messages is another ticket, locked and in hand, and nothing reads a ticket or the bot's texts
 * back from the database between the bot's decision and the flush): its automatic texts in one INSERT (their
 * send jobs after it), its ticket changes in one UPDATE … FROM unnest(…). Outside `deferFlowWrites` the bot
 * writes at once, as always.
 */
export class FlowWrites {
  readonly #pending = new Map<number, Pending>();
  readonly #texts: PendingText[] = [];

  constructor(readonly tx: Tx) {}

  /** An outbox message (queued, its job enqueued) written at the flush; `written` then gets its row. */
  addText(input: OutgoingMessageInput, ticket: OutboxTicket, at: Date, written: (row: MessageRow) => void): void {
    this.#texts.push({ input, ticket, at, written });
  }

  /** A change of a (locked) ticket written at the flush (undefined columns left as they are), `updatedAt` moved to `at` at least. */
  addTicketPatch(ticket: Pick<TicketRow, "id" | "companyId">, patch: FlowTicketPatch, at: Date): void {
    const pending = this.#pending.get(ticket.id);
    // A second change of one ticket (a step and then its last message): the later value of a column wins.
    if (pending) this.#pending.set(ticket.id, { companyId: ticket.companyId, patch: { ...pending.patch, ...patch }, at: at > pending.at ? at : pending.at });
    else this.#pending.set(ticket.id, { companyId: ticket.companyId, patch, at });
  }

  /** The texts (in the order the bot queued them: their ids follow it), their jobs, then the ticket changes. */
  async flush(jobs: Jobs): Promise<void> {
    await this.#flushTexts(jobs);
    await this.#flushTickets();
  }

  async #flushTexts(jobs: Jobs): Promise<void> {
    if (this.#texts.length === 0) return;
    const texts = this.#texts.splice(0);
    const rows = await this.tx
      .insert(messages)
      .values(texts.map((t) => outgoingMessageValues(t.input, t.ticket, t.at)))
      .returning();
    if (rows.length !== texts.length) throw new Error("outbox: the batch insert returned fewer rows");
    // Serial ids are drawn in the order of the VALUES list.
    rows.sort((a, b) => a.id - b.id);
    rows.forEach((row, i) => texts[i]!.written(row));
    await jobs.enqueueMany<SendMessageJob>(SEND_MESSAGE_JOB, rows.map((row) => ({ companyId: row.companyId, messageId: row.id })), { tx: this.tx });
  }

  async #flushTickets(): Promise<void> {
    if (this.#pending.size === 0) return;
    const entries = [...this.#pending.entries()];
    this.#pending.clear();
    const array = <T>(of: (p: Pending, id: number) => T, type: string) => sql`${sql.param(entries.map(([id, p]) => of(p, id)))}::${sql.raw(type)}[]`;
    const element = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));
    const arrays = [
      array((_, id) => id, "int"),
      array((p) => p.companyId, "int"),
      array((p) => p.at.toISOString(), "text"),
      ...COLUMNS.flatMap(([key, type]) => [array((p) => p.patch[key] !== undefined, "bool"), array((p) => element(p.patch[key]), type === "timestamptz" ? "text" : type)]),
    ];
    const names = ["v_id", "v_company_id", "v_at", ...COLUMNS.flatMap(([key]) => [`v_set_${key}`, `v_${key}`])];
    const sets = COLUMNS.map(([key, type]) => {
      const column = sql.identifier(tickets[key].name);
      const value = type === "timestamptz" ? sql`${sql.identifier(`v_${key}`)}::timestamptz` : sql.identifier(`v_${key}`);
      return sql`${column} = case when ${sql.identifier(`v_set_${key}`)} then ${value} else ${tickets[key]} end`;
    });
    await this.tx.execute(sql`
      update ${tickets} set ${sql.join(sets, sql`, `)}, ${sql.identifier(tickets.updatedAt.name)} = greatest(${tickets.updatedAt}, v_at::timestamptz)
      from unnest(${sql.join(arrays, sql`, `)}) as v(${sql.join(names.map((name) => sql.identifier(name)), sql`, `)})
      where ${tickets.id} = v_id and ${tickets.companyId} = v_company_id`);
  }
}

const scope = new AsyncLocalStorage<FlowWrites>();

/** Runs `fn` with the bot's writes in `tx` held back in `writes` (flushed by the caller). */
export function deferFlowWrites<T>(writes: FlowWrites, fn: () => Promise<T>): Promise<T> {
  return scope.run(writes, fn);
}

/** The batch holding back this transaction's bot writes, if any. */
export function deferredFlowWrites(tx: Tx): FlowWrites | undefined {
  const writes = scope.getStore();
  return writes?.tx === tx ? writes : undefined;
}
