import type { FileListView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { findFileList, loadFileListView } from "./find-file-list.js";

export async function getFileList(db: DbOrTx, companyId: number, id: number): Promise<FileListView> {
  return loadFileListView(db, companyId, await findFileList(db, companyId, id));
}
