import { asc, count, eq, ilike } from "drizzle-orm";
import { PAGE_SIZE, type TagPage, type TagView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { tags } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { escapeLike } from "../db/escape-like.js";
import { presentTag } from "./present-tag.js";
import { countTagTickets } from "./count-tag-tickets.js";

type TagRow = typeof tags.$inferSelect;

/** Presents tags with how many tickets carry each. */
async function presentWithCounts(db: DbOrTx, companyId: number, rows: TagRow[]): Promise<TagView[]> {
  const counts = await countTagTickets(db, companyId, rows.map((t) => t.id));
  return rows.map((tag) => presentTag(tag, counts.get(tag.id) ?? 0));
}

/** The tags page: search by name, a page at a time. */
export async function listTags(db: DbOrTx, companyId: number, query: { searchParam?: string; pageNumber: number }): Promise<TagPage> {
  const term = query.searchParam?.trim();
  const where = inCompany(tags, companyId, term ? ilike(tags.name, `%${escapeLike(term)}%`) : undefined);
  const [total] = await db.select({ n: count() }).from(tags).where(where);
  const rows = await db
    .select()
    .from(tags)
    .where(where)
    .orderBy(asc(tags.name), asc(tags.id))
    .limit(PAGE_SIZE)
    .offset((query.pageNumber - 1) * PAGE_SIZE);
  const n = total?.n ?? 0;
  return { tags: await presentWithCounts(db, companyId, rows), count: n, hasMore: query.pageNumber * PAGE_SIZE < n };
}

/** Every tag of the company, for pickers (ticket tag editor, filters). */
export async function listAllTags(db: DbOrTx, companyId: number): Promise<TagView[]> {
  const rows = await db.select().from(tags).where(inCompany(tags, companyId)).orderBy(asc(tags.name), asc(tags.id));
  return presentWithCounts(db, companyId, rows);
}

/** The kanban lanes: tags marked kanban, by name. */
export async function listKanbanTags(db: DbOrTx, companyId: number): Promise<TagView[]> {
  const rows = await db
    .select()
    .from(tags)
    .where(inCompany(tags, companyId, eq(tags.kanban, true)))
    .orderBy(asc(tags.name), asc(tags.id));
  return presentWithCounts(db, companyId, rows);
}
