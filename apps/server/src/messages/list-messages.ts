import { count, desc, eq } from "drizzle-orm";
import { PAGE_SIZE, type MessagePage } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { inCompany } from "../db/tenant.js";
import { messages } from "../db/schema.js";
import { AppError } from "../errors.js";
import { findVisibleTicket } from "../tickets/find-visible-ticket.js";
import { loadTicketView } from "../tickets/load-ticket-views.js";
import { presentMessageRows } from "./load-message-views.js";

/**
 * GET /messages/{ticketId}: page 1 is the newest PAGE_SIZE messages, page 2 the ones before, and so on; each page
 * in display order (oldest first). Only for a ticket the user may see (another company's: 404; hidden by the
 * visibility rule: 403). Reading does not mark anything read.
 */
export async function listMessages(db: DbOrTx, auth: AuthContext, ticketId: number, pageNumber: number): Promise<MessagePage> {
  const { ticket } = await findVisibleTicket(db, auth, { id: ticketId });
  const where = inCompany(messages, auth.companyId, eq(messages.ticketId, ticket.id));
  const [total] = await db.select({ value: count() }).from(messages).where(where);
  const rows = await db
    .select()
    .from(messages)
    .where(where)
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(PAGE_SIZE)
    .offset((pageNumber - 1) * PAGE_SIZE);
  const view = await loadTicketView(db, auth.companyId, ticket.id);
  if (!view) throw new AppError("ERR_NO_TICKET_FOUND", 404);
  const totalCount = total?.value ?? 0;
  return {
    messages: await presentMessageRows(db, auth.companyId, rows.reverse()),
    ticket: view,
    count: totalCount,
    hasMore: totalCount > pageNumber * PAGE_SIZE,
  };
}
