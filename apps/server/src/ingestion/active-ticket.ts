import { desc, eq, ne, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { inCompany } from "../db/tenant.js";
import { tickets } from "../db/schema.js";

export type TicketRow = typeof tickets.$inferSelect;

/** The contact's active (not closed) ticket on a connection, locked for this transaction. */
export async function lockActiveTicket(tx: Tx, companyId: number, contactId: number, whatsappId: number): Promise<TicketRow | undefined> {
  const [row] = await tx
    .select()
    .from(tickets)
    .where(inCompany(tickets, companyId, eq(tickets.contactId, contactId), eq(tickets.whatsappId, whatsappId), ne(tickets.status, "closed")))
    .for("update");
  return row;
}

/**
 * The active ticket of (company, contact, connection), or a new pending one without a queue. Creation relies on the
 * partial unique index tickets_one_active_key (ON CONFLICT ... WHERE status <> 'closed' DO NOTHING): when a
 * concurrent message created it first, our insert does nothing and the next read sees theirs. The look-up before
 * the insert only spares a ticket id per message; it is not what keeps tickets unique.
 */
export async function findOrCreateActiveTicket(
  tx: Tx,
  input: { companyId: number; contactId: number; whatsappId: number; isGroup: boolean },
): Promise<{ ticket: TicketRow; created: boolean }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const active = await lockActiveTicket(tx, input.companyId, input.contactId, input.whatsappId);
    if (active) return { ticket: active, created: false };
    const [created] = await tx
      .insert(tickets)
      .values({ companyId: input.companyId, contactId: input.contactId, whatsappId: input.whatsappId, status: "pending", queueId: null, isGroup: input.isGroup })
      .onConflictDoNothing({ target: [tickets.companyId, tickets.contactId, tickets.whatsappId], where: sql`${tickets.status} <> 'closed'` })
      .returning();
    if (created) return { ticket: created, created: true };
  }
  throw new Error("ingestion: could not find or create the active ticket");
}

/**
 * Where a history-sync message goes: the active ticket, else the contact's latest ticket on the connection, else a
 * new closed ticket (history must not open conversations in the inbox).
 */
export async function ticketForHistory(
  tx: Tx,
  input: { companyId: number; contactId: number; whatsappId: number; isGroup: boolean },
): Promise<{ ticket: TicketRow; created: boolean }> {
  const active = await lockActiveTicket(tx, input.companyId, input.contactId, input.whatsappId);
  if (active) return { ticket: active, created: false };
  const [latest] = await tx
    .select()
    .from(tickets)
    .where(inCompany(tickets, input.companyId, eq(tickets.contactId, input.contactId), eq(tickets.whatsappId, input.whatsappId)))
    .orderBy(desc(tickets.id))
    .limit(1)
    .for("update");
  if (latest) return { ticket: latest, created: false };
  const now = new Date();
  const [created] = await tx
    .insert(tickets)
    .values({ companyId: input.companyId, contactId: input.contactId, whatsappId: input.whatsappId, status: "closed", closedAt: now, isGroup: input.isGroup })
    .returning();
  return { ticket: created!, created: true };
}

export const ticketIdentity = (t: Pick<TicketRow, "id" | "userId" | "queueId">) => ({ id: t.id, userId: t.userId, queueId: t.queueId });
