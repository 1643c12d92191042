import { and, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { AppDeps } from "../app-deps.js";
import { messages, whatsapps } from "../db/schema.js";
import type { BatchJob } from "../jobs/jobs.js";
import { ProviderError } from "../whatsapp/provider.js";
import { connectionsWithLiveLease } from "../whatsapp/sessions/leases.js";
import { OutboxPace, paceOf } from "./outbox-pace.js";
import { SEND_MESSAGE_JOB, type SendMessageJob } from "./queue-outgoing-message.js";
import { markQueuedMessageFailed, sendQueuedMessage } from "./send-queued-message.js";

type Deps = Pick<AppDeps, "db" | "sessions" | "storage" | "realtime" | "jobs" | "config">;

/** Chats sent to at once within a batch (each chat's messages one after another). */
export const OUTBOX_CHATS_AT_ONCE = 16;
/** A batch waits at most this long for a paced connection's slot; later messages go back to the queue until theirs. */
export const OUTBOX_MAX_PACE_WAIT_MS = 1_000;

export class WaitingBehindEarlierMessage extends Error {
  constructor() {
    super("an earlier message of this chat is still queued: sent after it");
  }
}

interface Item {
  index: number;
  job: BatchJob<SendMessageJob>;
  id: number;
}

/**
 * The outbox's batch worker (jobs.workBatch): the send jobs of one fetch, chats at once, each chat's messages one
 * after another in the order they were queued (message id). Per-chat order holds across batches, retries and
 * processes because a message is only sent when no earlier message of its chat is still queued outside what this
 * batch already sent: otherwise its job is retried (after that earlier one is sent or has visibly failed). A paced
 * connection's messages wait for their slot (outbox-pace.ts); past OUTBOX_MAX_PACE_WAIT_MS they are put back in the
 * queue to start at their slot, so one slow number never holds the others' messages.
 */
export function createOutboxWorker(deps: Deps, pace = new OutboxPace()) {
  return async (batch: BatchJob<SendMessageJob>[]): Promise<(Error | undefined)[]> => {
    const { db } = deps;
    const outcomes: (Error | undefined)[] = batch.map(() => undefined);
    // Unscoped on purpose: a batch holds jobs of many companies; each row is checked against its own job's company.
    const rows = await db
      .select({ id: messages.id, companyId: messages.companyId, whatsappId: messages.whatsappId, chatContactId: messages.chatContactId, sendStatus: messages.sendStatus })
      .from(messages)
      .where(inArray(messages.id, batch.map((job) => job.data.messageId)));
    const rowOf = new Map(rows.map((row) => [row.id, row]));

    const chats = new Map<string, { whatsappId: number; chatContactId: number; items: Item[] }>();
    for (const [index, job] of batch.entries()) {
      const row = rowOf.get(job.data.messageId);
      // Gone, another company's, no longer queued or without a connection: the single-message path settles it.
      if (!row || row.companyId !== job.data.companyId || row.sendStatus !== "queued" || row.whatsappId === null) {
        if (row?.sendStatus === "queued") await sendQueuedMessage(deps, job.data, job.context).catch((err: Error) => (outcomes[index] = err));
        continue;
      }
      const key = `${row.whatsappId}:${row.chatContactId}`;
      const chat = chats.get(key) ?? { whatsappId: row.whatsappId, chatContactId: row.chatContactId, items: [] };
      chat.items.push({ index, job, id: row.id });
      chats.set(key, chat);
    }
    if (chats.size === 0) return outcomes;
    for (const chat of chats.values()) chat.items.sort((a, b) => a.id - b.id);
    // Provider ids fixed for the whole batch in one statement (sendQueuedMessage's own claim then has nothing to do):
    // 3EB0 and 36 upper-case hex digits, WhatsApp's own format.
    await db
      .update(messages)
      .set({ providerId: sql`'3EB0' || upper(substr(md5(random()::text || clock_timestamp()::text) || md5(random()::text), 1, 36))` })
      .where(and(inArray(messages.id, [...chats.values()].flatMap((c) => c.items.map((i) => i.id))), isNull(messages.providerId), eq(messages.sendStatus, "queued")));

    // Every message still queued in these chats up to the batch's last one (a few rows: messages_outbox_chat_idx).
    const lastId = Math.max(...[...chats.values()].flatMap((c) => c.items.map((i) => i.id)));
    const connectionIds = [...new Set([...chats.values()].map((c) => c.whatsappId))];
    const elsewhere = connectionIds.filter((id) => !deps.sessions.isRunningHere(id));
    const [queued, connections, leased] = await Promise.all([
      db
        .select({ id: messages.id, whatsappId: messages.whatsappId, chatContactId: messages.chatContactId })
        .from(messages)
        .where(
          and(
            eq(messages.sendStatus, "queued"),
            inArray(messages.whatsappId, connectionIds),
            inArray(messages.chatContactId, [...new Set([...chats.values()].map((c) => c.chatContactId))]),
            lte(messages.id, lastId),
          ),
        ),
      db.select({ id: whatsapps.id, provider: whatsapps.provider, sendRatePerSecond: whatsapps.sendRatePerSecond }).from(whatsapps).where(inArray(whatsapps.id, connectionIds)),
      connectionsWithLiveLease(db, elsewhere),
    ]);
    // Connections no process runs (not here, no live lease): their messages fail as a send would, without each being
    // read and the lease asked again (a disconnected number's backlog retried over and over).
    const down = new Set(elsewhere.filter((id) => !leased.has(id)));
    const queuedOf = new Map<string, number[]>();
    for (const q of queued) {
      const key = `${q.whatsappId}:${q.chatContactId}`;
      queuedOf.set(key, [...(queuedOf.get(key) ?? []), q.id]);
    }
    const rateOf = new Map(connections.map((c) => [c.id, paceOf(c, deps.config.outboxRatePerConnection)]));

    /** An attempt that did not send: the job is retried with `err`, or on its last attempt the message ends failed. */
    const notSent = async (item: Item, err: Error, code: string) => {
      if (item.job.context.lastAttempt) await markQueuedMessageFailed(deps, item.job.data.companyId, item.id, code);
      else outcomes[item.index] = err;
    };

    const sendChat = async (key: string, chat: { whatsappId: number; items: Item[] }) => {
      const mine = new Set(chat.items.map((i) => i.id));
      const outside = (queuedOf.get(key) ?? []).filter((id) => !mine.has(id));
      const rate = rateOf.get(chat.whatsappId) ?? null;
      let stopped: Error | undefined;
      let deferring = false;
      for (const item of chat.items) {
        const { job } = item;
        // Behind an earlier message that is not sent yet (in retry, put back for its pace slot, or worked elsewhere).
        if (!stopped && outside.some((id) => id < item.id)) stopped = new WaitingBehindEarlierMessage();
        if (stopped) {
          await notSent(item, stopped, "ERR_SENDING_WAPP_MSG");
          continue;
        }
        if (down.has(chat.whatsappId)) {
          stopped = new WaitingBehindEarlierMessage();
          await notSent(item, new ProviderError("ERR_WAPP_NOT_INITIALIZED", "the session is not running", true), "ERR_WAPP_NOT_INITIALIZED");
          continue;
        }
        // Past the wait a batch allows, back in the queue at its slot (a new job; this one ends), and the chat's next
        // messages after it: the batch does not wait for a slow number.
        if (rate && (deferring || pace.delayOf(chat.whatsappId, rate) > OUTBOX_MAX_PACE_WAIT_MS)) {
          deferring = true;
          await deps.jobs.enqueue<SendMessageJob>(SEND_MESSAGE_JOB, job.data, { startAfterSeconds: pace.deferral(chat.whatsappId, rate) / 1000 });
          continue;
        }
        try {
          // The slot is taken right before the provider call (after reading the message and its file).
          await sendQueuedMessage(deps, job.data, job.context, rate ? () => pace.take(chat.whatsappId, rate) : undefined);
        } catch (err) {
          // The chat's next messages wait for this one's retry.
          stopped = new WaitingBehindEarlierMessage();
          // A failure the handler did not settle on the last attempt: never leave the message queued for good.
          await notSent(item, err instanceof Error ? err : new Error(String(err)), "ERR_SENDING_WAPP_MSG").catch(() => undefined);
        }
      }
    };

    const pending = [...chats.entries()];
    const lane = async () => {
      for (let next = pending.shift(); next; next = pending.shift()) await sendChat(next[0], next[1]);
    };
    await Promise.all(Array.from({ length: Math.min(OUTBOX_CHATS_AT_ONCE, pending.length) }, lane));
    return outcomes;
  };
}
