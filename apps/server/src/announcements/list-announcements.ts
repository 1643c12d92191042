import { count, desc, ilike, or } from "drizzle-orm";
import { PAGE_SIZE, type AnnouncementPage } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { announcements } from "../db/schema.js";
import { escapeLike } from "../db/escape-like.js";
import { presentAnnouncement } from "./present-announcement.js";

/** The announcements page (super users): every announcement, newest first, searched by title or text. */
export async function listAnnouncements(db: DbOrTx, query: { searchParam?: string; pageNumber: number }): Promise<AnnouncementPage> {
  const term = query.searchParam?.trim();
  const pattern = term ? `%${escapeLike(term)}%` : undefined;
  const where = pattern ? or(ilike(announcements.title, pattern), ilike(announcements.text, pattern)) : undefined;
  const [total] = await db.select({ n: count() }).from(announcements).where(where);
  const rows = await db
    .select()
    .from(announcements)
    .where(where)
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(PAGE_SIZE)
    .offset((query.pageNumber - 1) * PAGE_SIZE);
  const n = total?.n ?? 0;
  return { records: rows.map(presentAnnouncement), count: n, hasMore: query.pageNumber * PAGE_SIZE < n };
}
