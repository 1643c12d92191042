import { sql, type SQL } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { inCompany } from "../db/tenant.js";
import { tickets } from "../db/schema.js";
import type { TicketRow } from "./active-ticket.js";

/** What one message does to its chat's ticket (the single-message path's ticketPatch, as data). */
export interface TicketTouch {
  contactId: number;
  whatsappId: number;
  /** The message's own timestamp. */
  at: Date;
  lastMessage: string;
  /** Counts as unread (a customer's live or offline message). */
  unread: boolean;
  /** A customer's message (lastCustomerMessageAt). */
  customer: boolean;
}

export const ticketKeyOf = (t: { contactId: number; whatsappId: number | null }) => `${t.contactId}:${t.whatsappId}`;

/**
 * How a message changes its chat's ticket, one rule for a single message (its values as parameters) and for a batch
 * (the unnest's columns): an older message (history, a late offline one) does not replace a newer last message; the
 * unread count grows by `unread` (0 or 1); the customer's last message moves only for a customer's message.
 */
export function ticketTouchSet(m: { at: SQL; lastMessage: SQL; unread: SQL; customer: SQL }) {
  return {
    lastMessage: sql`case when ${tickets.lastMessageAt} is null or ${tickets.lastMessageAt} <= ${m.at} then ${m.lastMessage} else ${tickets.lastMessage} end`,
    lastMessageAt: sql`greatest(${tickets.lastMessageAt}, ${m.at})`,
    unreadMessages: sql`${tickets.unreadMessages} + ${m.unread}`,
    lastCustomerMessageAt: sql`case when ${m.customer} then greatest(${tickets.lastCustomerMessageAt}, ${m.at}) else ${tickets.lastCustomerMessageAt} end`,
  };
}

/**
 * The active tickets of a batch's chats (one company, one message per contact and connection), found, locked and
 * updated in one UPDATE … FROM unnest(…) RETURNING, by `ticketKeyOf`. A chat without an active ticket is not in
 * the answer. As in the single-message path, an older message does not replace a newer last message.
 */
export async function touchActiveTickets(tx: Tx, companyId: number, touches: readonly TicketTouch[]): Promise<Map<string, TicketRow>> {
  if (touches.length === 0) return new Map();
  // One array parameter per column (unnest), not one parameter per value: the statement costs the same to build
  // and send for 64 chats as for one.
  const column = <T>(of: (t: TicketTouch) => T) => sql.param(touches.map(of));
  const v = sql`(select u.v_contact_id, u.v_whatsapp_id, u.v_at::timestamptz as v_at, u.v_last_message, u.v_unread, u.v_customer from unnest(${column((t) => t.contactId)}::int[], ${column((t) => t.whatsappId)}::int[], ${column((t) => t.at.toISOString())}::text[], ${column((t) => t.lastMessage)}::text[], ${column((t) => (t.unread ? 1 : 0))}::int[], ${column((t) => t.customer)}::bool[]) as u(v_contact_id, v_whatsapp_id, v_at, v_last_message, v_unread, v_customer)) as v`;
  const updated = (await tx
    .update(tickets)
    .set({ ...ticketTouchSet({ at: sql`v.v_at`, lastMessage: sql`v.v_last_message`, unread: sql`v.v_unread`, customer: sql`v.v_customer` }), updatedAt: new Date() })
    .from(v)
    .where(inCompany(tickets, companyId, sql`${tickets.contactId} = v.v_contact_id and ${tickets.whatsappId} = v.v_whatsapp_id and ${tickets.status} <> 'closed'`))
    .returning()) as TicketRow[];
  return new Map(updated.map((t) => [ticketKeyOf(t), t]));
}

/**
 * New pending tickets without a queue for chats that have none, already carrying their first message's last
 * message and counts, in one INSERT. The partial unique index decides, as in findOrCreateActiveTicket: a chat whose
 * ticket a concurrent transaction opened first is not in the answer.
 */
export async function openActiveTickets(tx: Tx, companyId: number, touches: readonly TicketTouch[]): Promise<Map<string, TicketRow>> {
  if (touches.length === 0) return new Map();
  const now = new Date();
  const created = await tx
    .insert(tickets)
    .values(
      touches.map((t) => ({
        companyId,
        contactId: t.contactId,
        whatsappId: t.whatsappId,
        status: "pending" as const,
        queueId: null,
        isGroup: false,
        lastMessage: t.lastMessage,
        lastMessageAt: t.at,
        unreadMessages: t.unread ? 1 : 0,
        lastCustomerMessageAt: t.customer ? t.at : null,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing({ target: [tickets.companyId, tickets.contactId, tickets.whatsappId], where: sql`${tickets.status} <> 'closed'` })
    .returning();
  return new Map(created.map((t) => [ticketKeyOf(t), t]));
}
