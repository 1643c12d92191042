import { and, eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { tickets } from "../../db/schema.js";
import { CUSTOMER_WINDOW_MS } from "./is-customer-window-open.js";

const windowTickets = alias(tickets, "window_tickets");

/**
 * For a ticket view's connection subquery (given the connection's provider column): the customer's last inbound
 * message on a Cloud API connection, in epoch milliseconds, over all their tickets there (the window belongs to the
 * chat, as in isCustomerWindowOpen), read from the kept `last_customer_message_at` through tickets_contact_idx. Inside
 * the CASE the subquery runs only for Cloud API rows, so other connections' lists cost nothing more and the list stays
 * one query. Milliseconds, not a timestamp, because it travels inside a JSON object.
 */
export function customerLastMessageAtMs(provider: AnyColumn): SQL<number | null> {
  // An alias interpolated in raw SQL renders as its name only: the FROM names the table and the alias.
  const last = sql`(select max(${windowTickets.lastCustomerMessageAt}) from ${tickets} as ${sql.identifier("window_tickets")} where ${and(
    eq(windowTickets.contactId, tickets.contactId),
    eq(windowTickets.whatsappId, tickets.whatsappId),
    eq(windowTickets.companyId, tickets.companyId),
  )})`;
  return sql<number | null>`case when ${provider} = 'cloudapi' then floor(extract(epoch from ${last}) * 1000)::bigint end`;
}

/**
 * The ticket's `customerWindowExpiresAt`: null for providers without a window; for the Cloud API the last customer
 * message + 24 h (in the past once closed), or the epoch when the customer never wrote (closed from the start).
 */
export function customerWindowExpiresAt(provider: string | null | undefined, lastCustomerMessageAt: Date | null | undefined): string | null {
  if (provider !== "cloudapi") return null;
  return new Date(lastCustomerMessageAt ? lastCustomerMessageAt.getTime() + CUSTOMER_WINDOW_MS : 0).toISOString();
}
