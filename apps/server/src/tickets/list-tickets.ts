import { and, desc, eq, gt, gte, inArray, isNull, lt, notInArray, or, sql, type SQL } from "drizzle-orm";
import { can, PAGE_SIZE, type TicketListQuery, type TicketPage } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { contacts, messages, tags, tickets, ticketTags } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { escapeLike } from "../db/escape-like.js";
import { loadTicketViewer, visibleTicketsCondition, type TicketViewer } from "./ticket-viewer.js";
import { presentTicketRow, ticketViewColumns } from "./load-ticket-views.js";
import { indexedParts, NO_TRIGRAM_FREQUENCIES, type TrigramFrequencies } from "./search-terms.js";
import { bodyTrigramFrequencies } from "./trigram-frequencies.js";

const DAY_MS = 86_400_000;

function onDay(column: typeof tickets.createdAt | typeof tickets.updatedAt, day: string | undefined): SQL | undefined {
  if (!day) return undefined;
  const start = new Date(`${day}T00:00:00Z`);
  return and(gte(column, start), lt(column, new Date(start.getTime() + DAY_MS)));
}

/**
 * The tickets a search matches, as a union of one select per side, each answered by its own trigram index (migration
 * 0005 and messages_transcript_trgm_idx): the contact's name, its number (when the term looks like one), the text of
 * any of the ticket's messages and their transcripts. An OR of these over a join would defeat every index and scan
 * all messages; the union is what `search-plan.test.ts` checks with EXPLAIN. A term of several words may read the
 * message-text index by its rare words alone and check the whole pattern on the messages found (`messageTextMatches`).
 */
export function searchMatches(companyId: number, searchParam: string | undefined, frequencies: TrigramFrequencies = NO_TRIGRAM_FREQUENCIES): SQL | undefined {
  const term = searchParam?.trim();
  if (!term) return undefined;
  const pattern = `%${escapeLike(term)}%`;
  const digits = term.replace(/\D/g, "");
  const looksLikeNumber = digits.length > 0 && /^[\d\s()+\-.]+$/.test(term);
  const ofContacts = (match: SQL) =>
    sql`select ${tickets.id} from ${tickets} join ${contacts} on ${contacts.id} = ${tickets.contactId} where ${tickets.companyId} = ${companyId} and ${contacts.companyId} = ${companyId} and ${match}`;
  const sides = [
    ofContacts(sql`${contacts.name} ilike ${pattern}`),
    looksLikeNumber ? ofContacts(sql`${contacts.number} like ${`%${digits}%`}`) : undefined,
    messageTextMatches(companyId, term, pattern, frequencies),
    sql`select ${messages.ticketId} from ${messages} where ${messages.companyId} = ${companyId} and ${messages.transcript} is not null and ${messages.transcript} ilike ${pattern}`,
  ].filter((side): side is SQL => side !== undefined);
  return sql`${tickets.id} in (${sql.join(sides, sql` union `)})`;
}

/**
 * The message-text side of a search: `body ilike '%term%'`, one scan key of the trigram index. When the statistics
 * show words of the term far rarer than another (`indexedParts`, search-terms.ts), the index is read by those words
 * alone, rarest first, and the whole pattern filters what they found, kept out of the index scan by the `offset 0`
 * fence (a scan key of its own, it would cost what the one condition did). Each word is a substring of the term, so
 * the matches are the same.
 */
function messageTextMatches(companyId: number, term: string, pattern: string, frequencies: TrigramFrequencies): SQL {
  const parts = indexedParts(term, frequencies);
  if (parts.length === 0) {
    return sql`select ${messages.ticketId} from ${messages} where ${messages.companyId} = ${companyId} and ${messages.body} ilike ${pattern}`;
  }
  const byParts = sql.join(
    parts.map((part) => sql`${messages.body} ilike ${`%${escapeLike(part)}%`}`),
    sql` and `,
  );
  return sql`select "found"."ticket_id" from (select ${messages.ticketId}, ${messages.body} from ${messages} where ${messages.companyId} = ${companyId} and ${byParts} offset 0) as "found" where "found"."body" ilike ${pattern}`;
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

/**
 * The list's count, read up to COUNT_LIMIT matches and no further: the web shows it only as the open and pending
 * badges (max 999, "999+"), and an exact count over 100k tickets costs more than the page itself (issue 15).
 */
export const COUNT_LIMIT = 1000;

function boundedCount(where: SQL): SQL<number> {
  return sql<number>`(select count(*) from (select 1 from ${tickets} where ${where} limit ${COUNT_LIMIT}) as matched)`.mapWith(Number);
}

/** The ticket's tags by name, as the view shows them (a subquery per row of the page, by ticket_tags' key). */
function tagsOfTicket(companyId: number): SQL<{ id: number; name: string; color: string }[]> {
  return sql<{ id: number; name: string; color: string }[]>`coalesce((select json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}, 'color', ${tags.color}) order by ${tags.name}) from ${ticketTags} join ${tags} on ${tags.id} = ${ticketTags.tagId} where ${ticketTags.ticketId} = ${tickets.id} and ${ticketTags.companyId} = ${companyId}), '[]'::json)`;
}

/** GET /tickets: one page of the tickets the user may see, as the request narrows them, newest activity first. */
export async function listTickets(db: DbOrTx, auth: AuthContext, query: TicketListQuery): Promise<TicketPage> {
  const viewer = await loadTicketViewer(db, auth);
  // A search weighs its words by the bodies' trigram statistics (cached per process: no statement of its own most times).
  const frequencies = query.searchParam?.trim() ? await bodyTrigramFrequencies(db) : NO_TRIGRAM_FREQUENCIES;
  const { where, page } = ticketPageQuery(db, auth, viewer, query, frequencies);
  const rows = await page;
  let n = rows[0]?.total ?? 0;
  // Past the last page nothing carries the count: asked apart (a client paging too far; rare).
  if (rows.length === 0 && query.pageNumber > 1) {
    const [total] = await db.select({ n: boundedCount(where) }).from(sql`(select 1) as one`);
    n = total?.n ?? 0;
  }
  return {
    tickets: rows.slice(0, PAGE_SIZE).map((r) => presentTicketRow(r, r.tags)),
    count: n,
    hasMore: rows.length > PAGE_SIZE,
  };
}

/**
 * The list's one query (search-plan.test.ts EXPLAINs it): the page's ids (one more than a page: hasMore), the views,
 * their tags and a bounded count, in one round trip.
 */
export function ticketPageQuery(db: DbOrTx, auth: AuthContext, viewer: TicketViewer, query: TicketListQuery, frequencies: TrigramFrequencies = NO_TRIGRAM_FREQUENCIES) {
  const status = query.status === "attending" ? "open" : query.status;
  const showAll = query.showAll === true && viewer.seesAll;
  const byUsers = can(auth, "tickets:filterByUser") ? query.users : undefined;
  const where = inCompany(
    tickets,
    auth.companyId,
    visibleTicketsCondition(viewer),
    tabCondition(viewer, query, status, showAll),
    status ? eq(tickets.status, status) : undefined,
    byUsers && byUsers.length > 0 ? inArray(tickets.userId, byUsers) : undefined,
    query.tags && query.tags.length > 0
      ? sql`exists (select 1 from ${ticketTags} where ${ticketTags.ticketId} = ${tickets.id} and ${inArray(ticketTags.tagId, query.tags)})`
      : undefined,
    onDay(tickets.createdAt, query.date),
    onDay(tickets.updatedAt, query.updatedAt),
    query.withUnreadMessages ? gt(tickets.unreadMessages, 0) : undefined,
    query.isGroup === undefined ? undefined : eq(tickets.isGroup, query.isGroup),
    searchMatches(auth.companyId, query.searchParam, frequencies),
  );
  const offset = (query.pageNumber - 1) * PAGE_SIZE;
  const order = [desc(tickets.updatedAt), desc(tickets.id)];
  // A search's matches are all found anyway (the union, then the sort), so its count is a window over them; a tab's
  // count is read apart, up to COUNT_LIMIT, while its page walks an index and stops after one page.
  const searching = Boolean(query.searchParam?.trim());
  const pageIds = db
    .select({ id: tickets.id, total: (searching ? sql<number>`least(count(*) over (), ${COUNT_LIMIT})` : boundedCount(where)).mapWith(Number).as("total") })
    .from(tickets)
    .where(where)
    .orderBy(...order)
    .limit(PAGE_SIZE + 1)
    .offset(offset)
    .as("page");
  const page = db
    .select({ ...ticketViewColumns, tags: tagsOfTicket(auth.companyId), total: pageIds.total })
    .from(pageIds)
    .innerJoin(tickets, eq(tickets.id, pageIds.id))
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .where(inCompany(tickets, auth.companyId))
    .orderBy(...order);
  return { where, page };
}
