/**
 * GET /tickets's query shape before issue 15, kept only as the bench's same-run baseline (bench-tickets.ts): the
 * viewer in two queries, an exact count(*) over the whole set, the page's ids, then views and tags (7 queries with
 * the session), and a search that ORs the contact name with the message text (EXISTS) and counts every match.
 */
import { and, count, desc, eq, ilike, inArray, isNull, like, notInArray, or, sql, type SQL } from "drizzle-orm";
import { PAGE_SIZE, type TicketPage } from "@atendo/shared";
import type { DbOrTx } from "../../src/db/client.js";
import { contacts, messages, tickets, userQueues, users } from "../../src/db/schema.js";
import { inCompany } from "../../src/db/tenant.js";
import { escapeLike } from "../../src/db/escape-like.js";
import { visibleTicketsCondition, type TicketViewer } from "../../src/tickets/ticket-viewer.js";
import { loadTicketViews } from "../../src/tickets/load-ticket-views.js";

async function loadViewerBefore(db: DbOrTx, userId: number, companyId: number, seesAll: boolean): Promise<TicketViewer> {
  const [user] = await db.select({ allTicket: users.allTicket }).from(users).where(and(eq(users.id, userId), eq(users.companyId, companyId)));
  const queues = await db.select({ queueId: userQueues.queueId }).from(userQueues).where(and(eq(userQueues.userId, userId), eq(userQueues.companyId, companyId)));
  return { userId, companyId, seesAll, queueIds: queues.map((q) => q.queueId), allTicket: user?.allTicket === "enabled" };
}

function searchBefore(companyId: number, term: string): SQL | undefined {
  const pattern = `%${escapeLike(term)}%`;
  const digits = term.replace(/\D/g, "");
  const looksLikeNumber = digits.length > 0 && /^[\d\s()+\-.]+$/.test(term);
  const inMessages = sql`exists (select 1 from ${messages} where ${messages.ticketId} = ${tickets.id} and ${messages.companyId} = ${companyId} and (${messages.body} ilike ${pattern} or ${messages.transcript} ilike ${pattern}))`;
  return or(ilike(contacts.name, pattern), looksLikeNumber ? like(contacts.number, `%${digits}%`) : undefined, inMessages);
}

function tabBefore(viewer: TicketViewer, status: "pending" | "open" | "closed" | undefined, showAll: boolean): SQL | undefined {
  if (showAll) return undefined;
  const inQueues = viewer.queueIds.length > 0 ? inArray(tickets.queueId, viewer.queueIds) : undefined;
  const noQueue = viewer.seesAll || viewer.allTicket ? isNull(tickets.queueId) : undefined;
  const own = eq(tickets.userId, viewer.userId);
  if (status === "open" || status === "closed") return own;
  if (status === "pending") return or(inQueues, noQueue, own) ?? sql`false`;
  void notInArray;
  return undefined;
}

/** The list as it was: status tab or search, page number; no other filters (the bench uses none). */
export async function listTicketsBefore(
  db: DbOrTx,
  who: { userId: number; companyId: number; seesAll: boolean },
  q: { status?: "pending" | "open" | "closed"; showAll?: boolean; searchParam?: string; pageNumber: number },
): Promise<TicketPage> {
  const viewer = await loadViewerBefore(db, who.userId, who.companyId, who.seesAll);
  const showAll = q.showAll === true && viewer.seesAll;
  const where = inCompany(
    tickets,
    who.companyId,
    visibleTicketsCondition(viewer),
    tabBefore(viewer, q.status, showAll),
    q.status ? eq(tickets.status, q.status) : undefined,
    q.searchParam ? searchBefore(who.companyId, q.searchParam) : undefined,
  );
  const page = { limit: PAGE_SIZE, offset: (q.pageNumber - 1) * PAGE_SIZE };
  const order = [desc(tickets.updatedAt), desc(tickets.id)];
  let ids: number[];
  let n: number;
  if (q.searchParam) {
    const rows = await db
      .select({ id: tickets.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(tickets)
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset);
    ids = rows.map((r) => r.id);
    n = rows[0]?.total ?? 0;
  } else {
    const [total] = await db.select({ n: count() }).from(tickets).where(where);
    const rows = await db.select({ id: tickets.id }).from(tickets).where(where).orderBy(...order).limit(page.limit).offset(page.offset);
    ids = rows.map((r) => r.id);
    n = total?.n ?? 0;
  }
  return { tickets: await loadTicketViews(db, who.companyId, ids), count: n, hasMore: q.pageNumber * PAGE_SIZE < n };
}
