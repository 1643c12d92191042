import { and, eq, max } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { tickets } from "../../db/schema.js";
import { inCompany } from "../../db/tenant.js";

/** Meta's customer service window: free-form messages only within 24 hours of the customer's last message. */
export const CUSTOMER_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a contact may receive free-form messages on a Cloud API connection now: their last inbound message on
 * that connection (ingestion keeps it on each ticket as `lastCustomerMessageAt`, by the message's own timestamp) is
 * less than 24 hours old. Read over the contact's tickets on the connection (tickets_contact_idx), closed ones
 * included, since the window belongs to the chat, not to one ticket.
 */
export async function isCustomerWindowOpen(
  db: DbOrTx,
  target: { companyId: number; whatsappId: number; contactId: number },
  now: Date = new Date(),
): Promise<boolean> {
  const [row] = await db
    .select({ last: max(tickets.lastCustomerMessageAt) })
    .from(tickets)
    .where(inCompany(tickets, target.companyId, and(eq(tickets.contactId, target.contactId), eq(tickets.whatsappId, target.whatsappId))));
  const last = row?.last ?? null;
  return last !== null && now.getTime() - last.getTime() < CUSTOMER_WINDOW_MS;
}
