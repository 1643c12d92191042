import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { fileOptions } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";

/** One file of a file list as a sender needs it. */
export interface FileListMedia {
  /** The option row's name (the file's display name / caption). */
  name: string;
  /** In file storage (`deps.storage.read(path)`). */
  path: string;
  /** Detected when uploaded, e.g. "application/pdf", "image/png". */
  mimetype: string;
}

/**
 * The uploaded files of a company's file list, in the list's order (rows still without a file are left out); an
 * unknown or another company's list gives an empty array. For campaigns, which send them after their message.
 */
export async function listFileListMedia(tx: DbOrTx, companyId: number, fileListId: number): Promise<FileListMedia[]> {
  const rows = await tx
    .select({ name: fileOptions.name, path: fileOptions.path, mediaType: fileOptions.mediaType })
    .from(fileOptions)
    .where(inCompany(fileOptions, companyId, and(eq(fileOptions.fileId, fileListId), isNotNull(fileOptions.path))))
    .orderBy(asc(fileOptions.id));
  return rows.map((r) => ({ name: r.name, path: r.path!, mimetype: r.mediaType ?? "application/octet-stream" }));
}
