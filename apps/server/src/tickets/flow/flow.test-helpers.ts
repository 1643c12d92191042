import { randomBytes } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import pino from "pino";
import type { FastifyBaseLogger } from "fastify";
import { contacts, messages, queues, settings, tickets, whatsappQueues, whatsapps } from "../../db/schema.js";
import type { Db } from "../../db/client.js";
import { inTransaction } from "../in-transaction.js";
import type { FlowHooks } from "./flow-hooks.js";

/** Shared set-up of the bot's tests: hand-made connection, queues, contact, ticket and customer messages. */
export const silentLogger = pino({ level: "silent" }) as unknown as FastifyBaseLogger;
const unique = () => randomBytes(4).toString("hex");

export async function createConnection(db: Db, companyId: number, overrides: Partial<typeof whatsapps.$inferInsert> = {}) {
  const [row] = await db
    .insert(whatsapps)
    .values({ companyId, name: `Conn ${unique()}`, provider: "simulator", greetingMessage: "Olá! Escolha um setor:", ...overrides })
    .returning();
  return row!;
}

export async function createQueue(db: Db, companyId: number, overrides: Partial<typeof queues.$inferInsert> = {}) {
  const [row] = await db
    .insert(queues)
    .values({ companyId, name: `Queue ${unique()}`, color: `#${randomBytes(3).toString("hex")}`, ...overrides })
    .returning();
  return row!;
}

export async function linkQueues(db: Db, companyId: number, whatsappId: number, queueIds: number[]) {
  for (const queueId of queueIds) await db.insert(whatsappQueues).values({ companyId, whatsappId, queueId });
}

export async function setSetting(db: Db, companyId: number, key: string, value: string) {
  await db
    .insert(settings)
    .values({ companyId, key, value })
    .onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value } });
}

export async function createTicket(db: Db, companyId: number, whatsappId: number, overrides: Partial<typeof tickets.$inferInsert> = {}) {
  const number = `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  const [contact] = await db.insert(contacts).values({ companyId, name: "Maria da Silva", number, canonicalNumber: number }).returning();
  const [ticket] = await db
    .insert(tickets)
    .values({ companyId, contactId: contact!.id, whatsappId, status: "pending", ...overrides })
    .returning();
  return ticket!;
}

export async function ticketOf(db: Db, ticketId: number) {
  const [row] = await db.select().from(tickets).where(eq(tickets.id, ticketId));
  return row!;
}

/** A customer message stored as ingestion stores it, then the bot's hook in the same transaction. */
export async function customerSays(db: Db, flow: FlowHooks, ticket: { id: number; companyId: number; whatsappId: number | null; contactId: number }, body: string, at: Date, isNewTicket = false) {
  return inTransaction(db, silentLogger, async (tx, after) => {
    const [message] = await tx
      .insert(messages)
      .values({
        companyId: ticket.companyId,
        ticketId: ticket.id,
        whatsappId: ticket.whatsappId,
        chatContactId: ticket.contactId,
        contactId: ticket.contactId,
        providerId: `in-${unique()}`,
        body,
        fromMe: false,
        sendStatus: "received",
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    await tx.update(tickets).set({ lastCustomerMessageAt: at }).where(eq(tickets.id, ticket.id));
    await flow.afterCustomerMessage(tx, after, { companyId: ticket.companyId, ticketId: ticket.id, messageId: message!.id, isNewTicket });
    return message!;
  });
}

/** What the bot queued on a ticket, oldest first. */
export async function botMessages(db: Db, ticketId: number) {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true), eq(messages.automatic, true)))
    .orderBy(asc(messages.id));
}

export async function waitFor<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("waitFor: timed out");
    await new Promise((r) => setTimeout(r, 200));
  }
}
