import { eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { files } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import type { FileStorage } from "../storage/file-storage.js";
import { findFileList, loadFileOptions } from "./find-file-list.js";

/** Removes a list, its rows (cascade) and, after the commit, their stored files. */
export async function deleteFileList(db: Db, storage: FileStorage, companyId: number, id: number): Promise<void> {
  const paths = await db.transaction(async (tx) => {
    await findFileList(tx, companyId, id, { forUpdate: true });
    const options = await loadFileOptions(tx, companyId, [id]);
    await tx.delete(files).where(inCompany(files, companyId, eq(files.id, id)));
    return options.flatMap((o) => (o.path ? [o.path] : []));
  });
  await Promise.all(paths.map((path) => storage.remove(path)));
}
