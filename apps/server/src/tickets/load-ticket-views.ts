import { asc, eq, inArray } from "drizzle-orm";
import type { TicketView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { inCompany } from "../db/tenant.js";
import { contacts, queues, tags, ticketRatings, tickets, ticketTags, users, whatsapps } from "../db/schema.js";
import { presentTicket } from "./present-ticket.js";
import { customerLastMessageAtColumn, customerWindowExpiresAt } from "../whatsapp/cloudapi/customer-window.js";

/** What a ticket view is made of (besides its tags): the ticket and what it refers to. */
export const ticketViewColumns = {
  ticket: tickets,
  contact: {
    id: contacts.id,
    name: contacts.name,
    number: contacts.number,
    profilePicUrl: contacts.profilePicUrl,
    isGroup: contacts.isGroup,
    email: contacts.email,
  },
  user: { id: users.id, name: users.name },
  queue: { id: queues.id, name: queues.name, color: queues.color },
  whatsapp: { id: whatsapps.id, name: whatsapps.name, provider: whatsapps.provider },
  rating: ticketRatings.rate,
  customerLastMessageAt: customerLastMessageAtColumn(),
};

type TicketViewRow = {
  ticket: typeof tickets.$inferSelect;
  contact: { id: number; name: string; number: string; profilePicUrl: string | null; isGroup: boolean; email: string };
  user: { id: number | null; name: string | null } | null;
  queue: { id: number | null; name: string | null; color: string | null } | null;
  whatsapp: { id: number | null; name: string | null; provider: string | null } | null;
  rating: number | null;
  customerLastMessageAt: Date | null;
};

/** A row selected with `ticketViewColumns` (joined as `joinTicketViewTables` does) and its tags, presented. */
export function presentTicketRow(r: TicketViewRow, tagList: { id: number; name: string; color: string }[]): TicketView {
  return presentTicket(r.ticket, {
    contact: r.contact,
    user: r.user?.id ? (r.user as { id: number; name: string }) : null,
    queue: r.queue?.id ? (r.queue as { id: number; name: string; color: string }) : null,
    whatsapp: r.whatsapp?.id ? (r.whatsapp as { id: number; name: string }) : null,
    tags: tagList,
    rating: r.rating ?? null,
    customerWindowExpiresAt: customerWindowExpiresAt(r.whatsapp?.provider, r.customerLastMessageAt),
  });
}

/** Presents tickets of one company by id, in the order of `ids` (missing or foreign ids are left out). */
export async function loadTicketViews(db: DbOrTx, companyId: number, ids: number[]): Promise<TicketView[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(ticketViewColumns)
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(users, eq(users.id, tickets.userId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .leftJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId))
    .leftJoin(ticketRatings, eq(ticketRatings.ticketId, tickets.id))
    .where(inCompany(tickets, companyId, inArray(tickets.id, ids)));
  const tagRows = await db
    .select({ ticketId: ticketTags.ticketId, id: tags.id, name: tags.name, color: tags.color })
    .from(ticketTags)
    .innerJoin(tags, eq(tags.id, ticketTags.tagId))
    .where(inCompany(ticketTags, companyId, inArray(ticketTags.ticketId, ids)))
    .orderBy(asc(tags.name));
  const tagsByTicket = new Map<number, { id: number; name: string; color: string }[]>();
  for (const t of tagRows) {
    const list = tagsByTicket.get(t.ticketId) ?? [];
    list.push({ id: t.id, name: t.name, color: t.color });
    tagsByTicket.set(t.ticketId, list);
  }
  const byId = new Map(rows.map((r) => [r.ticket.id, presentTicketRow(r, tagsByTicket.get(r.ticket.id) ?? [])]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function loadTicketView(db: DbOrTx, companyId: number, id: number): Promise<TicketView | undefined> {
  const [view] = await loadTicketViews(db, companyId, [id]);
  return view;
}
