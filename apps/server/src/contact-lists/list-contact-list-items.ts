import { and, asc, count, eq, ilike, or } from "drizzle-orm";
import { PAGE_SIZE, type ContactListItemPage, type ContactListItemView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { contactListItems } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { escapeLike } from "../db/escape-like.js";
import { findContactList, findContactListItem } from "./find-contact-list.js";
import { presentContactListItem } from "./present-contact-list.js";

/**
 * A list's items by name, searched by name, e-mail or number (digits typed with or without formatting), a page at a
 * time. Another company's list is 404.
 */
export async function listContactListItems(
  db: DbOrTx,
  companyId: number,
  query: { contactListId: number; searchParam?: string; pageNumber: number },
): Promise<ContactListItemPage> {
  await findContactList(db, companyId, query.contactListId);
  const term = query.searchParam?.trim();
  const digits = term?.replace(/\D/g, "");
  const search = term
    ? or(
        ilike(contactListItems.name, `%${escapeLike(term)}%`),
        ilike(contactListItems.email, `%${escapeLike(term)}%`),
        digits ? ilike(contactListItems.number, `%${digits}%`) : undefined,
      )
    : undefined;
  const where = inCompany(contactListItems, companyId, and(eq(contactListItems.contactListId, query.contactListId), search));
  const [total] = await db.select({ n: count() }).from(contactListItems).where(where);
  const rows = await db
    .select()
    .from(contactListItems)
    .where(where)
    .orderBy(asc(contactListItems.name), asc(contactListItems.id))
    .limit(PAGE_SIZE)
    .offset((query.pageNumber - 1) * PAGE_SIZE);
  const n = total?.n ?? 0;
  return { contacts: rows.map(presentContactListItem), count: n, hasMore: query.pageNumber * PAGE_SIZE < n };
}

export async function getContactListItem(db: DbOrTx, companyId: number, id: number): Promise<ContactListItemView> {
  return presentContactListItem(await findContactListItem(db, companyId, id));
}
