import { and, count, desc, eq, gt, gte, ilike, inArray, isNull, like, lt, notInArray, or, sql, type SQL } from "drizzle-orm";
import { can, PAGE_SIZE, type TicketListQuery, type TicketPage } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { contacts, messages, tickets, ticketTags } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { escapeLike } from "../db/escape-like.js";
import { loadTicketViewer, visibleTicketsCondition, type TicketViewer } from "./ticket-viewer.js";
import { loadTicketViews } from "./load-ticket-views.js";

const DAY_MS = 86_400_000;

function onDay(column: typeof tickets.createdAt | typeof tickets.updatedAt, day: string | undefined): SQL | undefined {
  if (!day) return undefined;
  const start = new Date(`${day}T00:00:00Z`);
  return and(gte(column, start), lt(column, new Date(start.getTime() + DAY_MS)));
}

/** Contact name or number, or the text of any of the ticket's messages (an EXISTS, so a ticket appears once). */
function searchCondition(companyId: number, searchParam: string | undefined): SQL | undefined {
  const term = searchParam?.trim();
  if (!term) return undefined;
  const pattern = `%${escapeLike(term)}%`;
  const digits = term.replace(/\D/g, "");
  const looksLikeNumber = digits.length > 0 && /^[\d\s()+\-.]+$/.test(term);
  const inMessages = sql`exists (select 1 from ${messages} where ${messages.ticketId} = ${tickets.id} and ${messages.companyId} = ${companyId} and ${messages.body} ilike ${pattern})`;
  return or(
    ilike(contacts.name, pattern),
    looksLikeNumber ? like(contacts.number, `%${digits}%`) : undefined,
    inMessages,
  );
}

/**
 * The queues the request narrows to. The client's list only narrows: a user who may not show all keeps only their
 * own queues from it; without a list (or an empty one) the user's queues apply.
 */
function selectedQueues(viewer: TicketViewer, requested: number[] | undefined): number[] {
  if (!requested || requested.length === 0) return viewer.queueIds;
  return viewer.seesAll ? requested : requested.filter((id) => viewer.queueIds.includes(id));
}

/**
 * Which tickets of the status the tab lists (core-service section 4; the original product's default lists):
 * - showAll (permitted users only): every ticket of the status in the selected queues (none selected: all), plus
 *   those without a queue;
 * - open and closed: the user's own tickets; a queue selection narrows them (tickets without a queue, or in queues
 *   the user cannot select, stay);
 * - pending: those of the selected queues, plus those without a queue for admins and allTicket users, plus the
 *   user's own;
 * - no status (the search tab): everything the user may see within the selected queues.
 */
function tabCondition(viewer: TicketViewer, query: TicketListQuery, status: "pending" | "open" | "closed" | undefined, showAll: boolean): SQL | undefined {
  const requested = query.queueIds;
  if (showAll) {
    if (!requested || requested.length === 0) return undefined;
    return or(inArray(tickets.queueId, requested), isNull(tickets.queueId));
  }
  const queues = selectedQueues(viewer, requested);
  const inQueues = queues.length > 0 ? inArray(tickets.queueId, queues) : undefined;
  const noQueue = viewer.seesAll || viewer.allTicket ? isNull(tickets.queueId) : undefined;
  const own = eq(tickets.userId, viewer.userId);
  if (status === "open" || status === "closed") {
    if (!requested || requested.length === 0) return own;
    const unselectable = viewer.queueIds.length > 0 ? notInArray(tickets.queueId, viewer.queueIds) : sql`true`;
    return and(own, or(inQueues, isNull(tickets.queueId), unselectable));
  }
  if (status === "pending") return or(inQueues, noQueue, own) ?? sql`false`;
  // Search: everything the user may see, narrowed by a queue selection if there is one.
  if (!requested || requested.length === 0) return undefined;
  return or(inQueues, isNull(tickets.queueId), own) ?? sql`false`;
}

/** GET /tickets: one page of the tickets the user may see, as the request narrows them, newest activity first. */
export async function listTickets(db: DbOrTx, auth: AuthContext, query: TicketListQuery): Promise<TicketPage> {
  const viewer = await loadTicketViewer(db, auth);
  const status = query.status === "attending" ? "open" : query.status;
  const showAll = query.showAll === true && viewer.seesAll;
  const users = can(auth, "tickets:filterByUser") ? query.users : undefined;
  const where = inCompany(
    tickets,
    auth.companyId,
    visibleTicketsCondition(viewer),
    tabCondition(viewer, query, status, showAll),
    status ? eq(tickets.status, status) : undefined,
    users && users.length > 0 ? inArray(tickets.userId, users) : undefined,
    query.tags && query.tags.length > 0
      ? sql`exists (select 1 from ${ticketTags} where ${ticketTags.ticketId} = ${tickets.id} and ${inArray(ticketTags.tagId, query.tags)})`
      : undefined,
    onDay(tickets.createdAt, query.date),
    onDay(tickets.updatedAt, query.updatedAt),
    query.withUnreadMessages ? gt(tickets.unreadMessages, 0) : undefined,
    query.isGroup === undefined ? undefined : eq(tickets.isGroup, query.isGroup),
    searchCondition(auth.companyId, query.searchParam),
  );
  const page = { limit: PAGE_SIZE, offset: (query.pageNumber - 1) * PAGE_SIZE };
  const order = [desc(tickets.updatedAt), desc(tickets.id)];
  let ids: number[];
  let n: number;
  if (query.searchParam?.trim()) {
    // A search scans message text: once, with the total counted over the same rows (count(*) over ()).
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
    if (rows.length === 0 && query.pageNumber > 1) {
      const [total] = await db.select({ n: count() }).from(tickets).innerJoin(contacts, eq(contacts.id, tickets.contactId)).where(where);
      n = total?.n ?? 0;
    }
  } else {
    const [total] = await db.select({ n: count() }).from(tickets).where(where);
    const rows = await db.select({ id: tickets.id }).from(tickets).where(where).orderBy(...order).limit(page.limit).offset(page.offset);
    ids = rows.map((r) => r.id);
    n = total?.n ?? 0;
  }
  return {
    tickets: await loadTicketViews(db, auth.companyId, ids),
    count: n,
    hasMore: query.pageNumber * PAGE_SIZE < n,
  };
}
