import { asc, eq, inArray } from "drizzle-orm";
import type { FileListView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { fileOptions, files } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError } from "../errors.js";
import { presentFileList } from "./present-file-list.js";

export type FileListRow = typeof files.$inferSelect;
export type FileOptionRow = typeof fileOptions.$inferSelect;

/** One file list of the company (another company's, or none, is 404); `forUpdate` locks it for the transaction. */
export async function findFileList(db: DbOrTx, companyId: number, id: number, opts: { forUpdate?: boolean } = {}): Promise<FileListRow> {
  const query = db.select().from(files).where(inCompany(files, companyId, eq(files.id, id)));
  const [row] = opts.forUpdate ? await query.for("update") : await query;
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
  return row;
}

/** The option rows of some lists, in the order they were added. */
export async function loadFileOptions(db: DbOrTx, companyId: number, fileIds: number[]): Promise<FileOptionRow[]> {
  if (fileIds.length === 0) return [];
  return db
    .select()
    .from(fileOptions)
    .where(inCompany(fileOptions, companyId, inArray(fileOptions.fileId, fileIds)))
    .orderBy(asc(fileOptions.id));
}

/** A list with its options, presented. */
export async function loadFileListView(db: DbOrTx, companyId: number, row: FileListRow): Promise<FileListView> {
  return presentFileList(row, await loadFileOptions(db, companyId, [row.id]));
}
