import { asc, count, ilike } from "drizzle-orm";
import { PAGE_SIZE, type ContactListPage, type ContactListView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { contactLists } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { escapeLike } from "../db/escape-like.js";
import { countListItems } from "./count-list-items.js";
import { presentContactList } from "./present-contact-list.js";

type ContactListRow = typeof contactLists.$inferSelect;

async function presentWithCounts(db: DbOrTx, companyId: number, rows: ContactListRow[]): Promise<ContactListView[]> {
  const counts = await countListItems(db, companyId, rows.map((r) => r.id));
  return rows.map((row) => presentContactList(row, counts.get(row.id) ?? 0));
}

const byName = (companyId: number, searchParam?: string) => {
  const term = searchParam?.trim();
  return inCompany(contactLists, companyId, term ? ilike(contactLists.name, `%${escapeLike(term)}%`) : undefined);
};

/** The lists page: search by name, a page at a time, each list with its contacts count. */
export async function listContactLists(
  db: DbOrTx,
  companyId: number,
  query: { searchParam?: string; pageNumber: number },
): Promise<ContactListPage> {
  const where = byName(companyId, query.searchParam);
  const [total] = await db.select({ n: count() }).from(contactLists).where(where);
  const rows = await db
    .select()
    .from(contactLists)
    .where(where)
    .orderBy(asc(contactLists.name), asc(contactLists.id))
    .limit(PAGE_SIZE)
    .offset((query.pageNumber - 1) * PAGE_SIZE);
  const n = total?.n ?? 0;
  return { records: await presentWithCounts(db, companyId, rows), count: n, hasMore: query.pageNumber * PAGE_SIZE < n };
}

/** Every list of the company, by name, for pickers (the campaign dialog). */
export async function listContactListOptions(db: DbOrTx, companyId: number, searchParam?: string): Promise<ContactListView[]> {
  const rows = await db.select().from(contactLists).where(byName(companyId, searchParam)).orderBy(asc(contactLists.name), asc(contactLists.id));
  return presentWithCounts(db, companyId, rows);
}
