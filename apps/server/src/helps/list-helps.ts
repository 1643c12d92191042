import { asc, count, ilike, or } from "drizzle-orm";
import { PAGE_SIZE, type HelpPage, type HelpView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { helps } from "../db/schema.js";
import { escapeLike } from "../db/escape-like.js";
import { presentHelp } from "./present-help.js";

/** GET /helps: a page of help videos by title, searched by title or description (every signed-in user). */
export async function listHelps(db: DbOrTx, query: { searchParam?: string; pageNumber: number }): Promise<HelpPage> {
  const term = query.searchParam?.trim();
  const pattern = term ? `%${escapeLike(term)}%` : undefined;
  const where = pattern ? or(ilike(helps.title, pattern), ilike(helps.description, pattern)) : undefined;
  const [total] = await db.select({ n: count() }).from(helps).where(where);
  const rows = await db
    .select()
    .from(helps)
    .where(where)
    .orderBy(asc(helps.title), asc(helps.id))
    .limit(PAGE_SIZE)
    .offset((query.pageNumber - 1) * PAGE_SIZE);
  const n = total?.n ?? 0;
  return { records: rows.map(presentHelp), count: n, hasMore: query.pageNumber * PAGE_SIZE < n };
}

/** GET /helps/list: every help video by title (the help page and the settings tab). */
export async function listAllHelps(db: DbOrTx): Promise<HelpView[]> {
  const rows = await db.select().from(helps).orderBy(asc(helps.title), asc(helps.id));
  return rows.map(presentHelp);
}
