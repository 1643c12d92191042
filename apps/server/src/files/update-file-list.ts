import { and, eq, inArray } from "drizzle-orm";
import type { FileListData, FileListView } from "@atendo/shared";
import type { Db } from "../db/client.js";
import { fileOptions, files } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import type { FileStorage } from "../storage/file-storage.js";
import { validationError } from "../errors.js";
import { findFileList, loadFileListView, loadFileOptions } from "./find-file-list.js";

/**
 * Renames a list and sets its rows: rows sent with their id are kept (renamed), rows without an id are added, rows
 * left out are removed with their files (after the commit, so a failed update never loses a file). An id that is not
 * one of this list's rows is a field error.
 */
export async function updateFileList(db: Db, storage: FileStorage, companyId: number, id: number, input: FileListData): Promise<FileListView> {
  const { view, orphans } = await db.transaction(async (tx) => {
    await findFileList(tx, companyId, id, { forUpdate: true });
    const existing = await loadFileOptions(tx, companyId, [id]);
    const existingIds = new Set(existing.map((o) => o.id));
    input.options.forEach((option, index) => {
      if (option.id !== undefined && !existingIds.has(option.id)) {
        throw validationError([{ path: `body.options.${index}.id`, message: "validation.invalid" }]);
      }
    });
    const kept = new Set(input.options.flatMap((o) => (o.id === undefined ? [] : [o.id])));
    const removed = existing.filter((o) => !kept.has(o.id));
    if (removed.length > 0) {
      await tx.delete(fileOptions).where(inCompany(fileOptions, companyId, inArray(fileOptions.id, removed.map((o) => o.id))));
    }
    const now = new Date();
    for (const option of input.options) {
      if (option.id === undefined) await tx.insert(fileOptions).values({ companyId, fileId: id, name: option.name });
      else {
        await tx
          .update(fileOptions)
          .set({ name: option.name, updatedAt: now })
          .where(inCompany(fileOptions, companyId, and(eq(fileOptions.id, option.id), eq(fileOptions.fileId, id))));
      }
    }
    const [row] = await tx
      .update(files)
      .set({ name: input.name, message: input.message, updatedAt: now })
      .where(inCompany(files, companyId, eq(files.id, id)))
      .returning();
    return { view: await loadFileListView(tx, companyId, row!), orphans: removed.flatMap((o) => (o.path ? [o.path] : [])) };
  });
  await Promise.all(orphans.map((path) => storage.remove(path)));
  return view;
}
