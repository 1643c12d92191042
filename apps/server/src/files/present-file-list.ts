import type { FileListView, FileOptionView } from "@atendo/shared";
import type { fileOptions, files } from "../db/schema.js";

type FileListRow = typeof files.$inferSelect;
type FileOptionRow = typeof fileOptions.$inferSelect;

export function presentFileOption(row: FileOptionRow): FileOptionView {
  return { id: row.id, fileId: row.fileId, name: row.name, path: row.path, mediaType: row.mediaType };
}

/** What leaves the server about a file list; option paths are relative to the file storage (never a disk path). */
export function presentFileList(row: FileListRow, options: FileOptionRow[]): FileListView {
  return {
    id: row.id,
    name: row.name,
    message: row.message,
    companyId: row.companyId,
    options: options.map(presentFileOption),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
