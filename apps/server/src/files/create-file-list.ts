import type { FileListData, FileListView } from "@atendo/shared";
import type { Db } from "../db/client.js";
import { fileOptions, files } from "../db/schema.js";
import { loadFileListView } from "./find-file-list.js";

/** A new list and its option rows (without files: they are uploaded next, to the ids this answers). */
export async function createFileList(db: Db, companyId: number, input: FileListData): Promise<FileListView> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(files).values({ companyId, name: input.name, message: input.message }).returning();
    // Inserted one by one so the ids follow the order of the rows the client sent (it matches its uploads by it).
    for (const option of input.options) {
      await tx.insert(fileOptions).values({ companyId, fileId: row!.id, name: option.name });
    }
    return loadFileListView(tx, companyId, row!);
  });
}
