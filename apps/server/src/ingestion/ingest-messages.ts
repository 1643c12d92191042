import type { Tx } from "../db/client.js";
import { runAfterCommit, type AfterCommit } from "../tickets/in-transaction.js";
import type { ConnectionRef } from "../whatsapp/sessions/session-manager.js";
import type { TicketRow } from "./active-ticket.js";
import { chatPersonOf, finishStoredMessage, ignoredGroupMessage, inboundMessageValues, storeMessageIn, type IngestDeps, type IngestResult, type MessageEvent } from "./ingest-message.js";
import { lastMessageOf, messageColumnsOf } from "./message-columns.js";
import { resolveBatchContacts, type BatchContact } from "./resolve-batch-contacts.js";
import { findStoredMessages, messageKeyOf } from "./find-stored-messages.js";
import { insertBatchMessages } from "./insert-batch-messages.js";
import { openActiveTickets, ticketKeyOf, touchActiveTickets, type TicketTouch } from "./touch-batch-tickets.js";
import { preloadTicketViewsAfterCommit } from "../tickets/emit-changes.js";
import { deferFlowWrites, FlowWrites } from "../tickets/flow/defer-flow-writes.js";

type Item = { connection: ConnectionRef; event: MessageEvent };

/** A stored message whose row the batch inserts (the set-based path). */
interface Planned {
  index: number;
  item: Item;
  contact: BatchContact;
  columns: ReturnType<typeof messageColumnsOf>;
  touch: TicketTouch;
  ticket?: TicketRow;
  created?: boolean;
}

/** A batch's message that went wrong between statements: the batch rolls back and its messages go one by one. */
class BatchConflict extends Error {}

/**
 * Group commit (ingest-batcher.ts): several messages, of different chats, in one transaction, written set-based.
 * The usual message (a person's chat, live, offline or own, not a quote) costs a share of a few statements per
 * batch: its contact in one SELECT (new ones in one INSERT), redeliveries in one SELECT, its ticket updated in one
 * UPDATE … FROM unnest(…) (new ones in one INSERT), its row in one INSERT … SELECT FROM unnest(…); then the bot,
 * which for an ordinary message decides from what it has in hand, and whose texts and ticket changes are written
 * for the whole batch at the end (defer-flow-writes.ts). The rest (groups, history, quotes, a contact to change,
 * two messages of one ticket) take the single-message path in the same transaction, after the others. After-commit
 * tasks run in arrival order, the batch's tickets loaded for their events in one go. Any failure rolls the whole
 * batch back and is thrown: the caller then runs each message on its own.
 */
export async function ingestMessages(deps: IngestDeps, items: readonly Item[]): Promise<IngestResult[]> {
  const ignored = await Promise.all(items.map(({ connection, event }) => ignoredGroupMessage(deps, connection, event)));
  const tasks: (() => Promise<void> | void)[][] = items.map(() => []);
  const afterOf = (i: number): AfterCommit => ({ add: (task) => void tasks[i]!.push(task) });
  const results = await deps.db.transaction(async (tx) => {
    const out: (IngestResult | undefined)[] = items.map((_, i) => (ignored[i] ? { stored: false, reason: "group-ignored" } : undefined));
    for (const companyId of companies(items)) {
      const mine = items.flatMap((item, index) => (item.connection.companyId === companyId && !out[index] ? [index] : []));
      await storeCompanyBatch(deps, tx, afterOf, companyId, mine.map((index) => ({ index, item: items[index]! })), out);
    }
    // The unusual ones, one by one in arrival order. Timers and sockets run between them (PGlite answers in the
    // same thread: a long batch would starve them).
    for (const [i, { connection, event }] of items.entries()) {
      if (out[i]) continue;
      await new Promise<void>((resolve) => setImmediate(resolve));
      out[i] = await storeMessageIn(deps, tx, afterOf(i), connection, event);
    }
    return out as IngestResult[];
  });
  // The batch's tickets for its events in one load per company, not one each.
  const preload = companies(items).map((companyId) => () =>
    preloadTicketViewsAfterCommit(deps.db, companyId, results.flatMap((r, i) => (r.stored && items[i]!.connection.companyId === companyId ? [r.ticketId] : []))),
  );
  await runAfterCommit([...preload, ...tasks.flat()], deps.logger);
  return results;
}

const companies = (items: readonly Item[]) => [...new Set(items.map((item) => item.connection.companyId))];

/** The set-based path for one company's messages; those it leaves (no result in `out`) take the single path. */
async function storeCompanyBatch(
  deps: IngestDeps,
  tx: Tx,
  afterOf: (i: number) => AfterCommit,
  companyId: number,
  batch: readonly { index: number; item: Item }[],
  out: (IngestResult | undefined)[],
): Promise<void> {
  let entries = batch;
  const people = entries.filter(({ item }) => item.event.message.chat.kind === "user");
  const found = await resolveBatchContacts(
    tx,
    companyId,
    people.map(({ item }) => ({ whatsappId: item.connection.whatsappId, person: chatPersonOf(item.event.message) })),
  );
  const contactOf = new Map(people.map(({ index }, k) => [index, found[k]]));

  // Redeliveries are answered before any ticket is touched, whichever path they would take (a new contact has no
  // messages yet).
  const known = entries.flatMap(({ index, item }) => {
    const contact = contactOf.get(index);
    return contact && !contact.created ? [{ index, key: { whatsappId: item.connection.whatsappId, chatContactId: contact.contact.id, providerId: item.event.message.id } }] : [];
  });
  const stored = await findStoredMessages(tx, companyId, known.map(({ key }) => key));
  for (const { index, key } of known) if (stored.has(messageKeyOf(key))) out[index] = { stored: false, reason: "duplicate" };
  entries = entries.filter(({ index }) => !out[index]);

  // A ticket written by two messages of the batch (one person on one connection reached by number and by LID):
  // both take the single path, in order.
  const ticketKeyAt = (index: number, item: Item) => {
    const contact = contactOf.get(index);
    return contact ? ticketKeyOf({ contactId: contact.contact.id, whatsappId: item.connection.whatsappId }) : undefined;
  };
  const perTicket = new Map<string, number>();
  for (const { index, item } of entries) {
    const key = ticketKeyAt(index, item);
    if (key) perTicket.set(key, (perTicket.get(key) ?? 0) + 1);
  }

  const planned: Planned[] = [];
  for (const { index, item } of entries) {
    const contact = contactOf.get(index);
    const { message, origin } = item.event;
    if (!contact || origin === "history" || message.quotedId) continue;
    if (perTicket.get(ticketKeyAt(index, item)!)! > 1) continue;
    const columns = messageColumnsOf(message.content);
    const customer = !message.fromMe;
    planned.push({
      index,
      item,
      contact,
      columns,
      touch: { contactId: contact.contact.id, whatsappId: item.connection.whatsappId, at: message.timestamp, lastMessage: lastMessageOf(columns), unread: customer, customer },
    });
  }
  if (planned.length === 0) return;

  const touched = await touchActiveTickets(tx, companyId, planned.flatMap((p) => (p.contact.created ? [] : [p.touch])));
  const opened = await openActiveTickets(tx, companyId, planned.flatMap((p) => (touched.has(ticketKeyOf(p.touch)) ? [] : [p.touch])));
  const ready: Planned[] = [];
  for (const p of planned) {
    const key = ticketKeyOf(p.touch);
    p.ticket = touched.get(key) ?? opened.get(key);
    p.created = !touched.has(key);
    // A ticket a concurrent transaction opened first: this message takes the single path, which finds it.
    if (p.ticket) ready.push(p);
  }
  if (ready.length === 0) return;

  const rows = await insertBatchMessages(
    tx,
    ready.map((p) =>
      inboundMessageValues({
        connection: p.item.connection,
        message: p.item.event.message,
        ticket: p.ticket!,
        chatContactId: p.contact.contact.id,
        authorId: p.item.event.message.fromMe ? null : p.contact.contact.id,
        columns: p.columns,
        countsAsUnread: !p.item.event.message.fromMe,
        quotedMsgId: null,
      }),
    ),
  );
  const byKey = new Map(rows.map((row) => [messageKeyOf(row), row]));

  // The bot's writes (its texts, the menu shown, the queue chosen) are made together once every message had its
  // turn: one INSERT and one UPDATE for the batch, before the single path runs.
  const writes = new FlowWrites(tx);
  await deferFlowWrites(writes, () => finishPlanned(deps, tx, afterOf, ready, byKey, out));
  await writes.flush(deps.jobs);
}

async function finishPlanned(
  deps: IngestDeps,
  tx: Tx,
  afterOf: (i: number) => AfterCommit,
  ready: readonly Planned[],
  byKey: ReadonlyMap<string, Awaited<ReturnType<typeof insertBatchMessages>>[number]>,
  out: (IngestResult | undefined)[],
): Promise<void> {
  for (const p of ready) {
    const { connection, event } = p.item;
    const row = byKey.get(messageKeyOf({ whatsappId: connection.whatsappId, chatContactId: p.contact.contact.id, providerId: event.message.id }));
    // Stored meanwhile by another transaction: its ticket was touched already, so the batch cannot go on.
    if (!row) throw new BatchConflict("ingestion: a message of the batch was stored concurrently");
    const ticket = p.ticket!;
    const author = event.message.fromMe ? undefined : p.contact.contact;
    await finishStoredMessage(deps, tx, afterOf(p.index), { connection, event, stored: row, ticket, created: p.created!, chatContact: p.contact.contact, author, quoted: false });
    out[p.index] = { stored: true, messageId: row.id, ticketId: ticket.id, isNewTicket: p.created! };
  }
}
