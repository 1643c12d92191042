import { asc, count, ilike } from "drizzle-orm";
import { PAGE_SIZE, type FileListPage } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { files } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { escapeLike } from "../db/escape-like.js";
import { loadFileOptions } from "./find-file-list.js";
import { presentFileList } from "./present-file-list.js";

/** GET /files: the company's file lists by name, searched by name, a page at a time, with the total for the title. */
export async function listFileLists(db: DbOrTx, companyId: number, query: { searchParam?: string; pageNumber: number }): Promise<FileListPage> {
  const term = query.searchParam?.trim();
  const where = inCompany(files, companyId, term ? ilike(files.name, `%${escapeLike(term)}%`) : undefined);
  const [total] = await db.select({ n: count() }).from(files).where(where);
  const rows = await db
    .select()
    .from(files)
    .where(where)
    .orderBy(asc(files.name), asc(files.id))
    .limit(PAGE_SIZE)
    .offset((query.pageNumber - 1) * PAGE_SIZE);
  const options = await loadFileOptions(db, companyId, rows.map((r) => r.id));
  const n = total?.n ?? 0;
  return {
    files: rows.map((row) => presentFileList(row, options.filter((o) => o.fileId === row.id))),
    count: n,
    hasMore: query.pageNumber * PAGE_SIZE < n,
  };
}
