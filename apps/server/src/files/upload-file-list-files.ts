import { and, eq } from "drizzle-orm";
import type { FileListView } from "@atendo/shared";
import type { Db } from "../db/client.js";
import { fileOptions, files } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import type { FileStorage } from "../storage/file-storage.js";
import { checkedUploadType } from "../storage/media-allowlist.js";
import type { Upload } from "../storage/read-upload.js";
import { AppError, validationError } from "../errors.js";
import { findFileList, loadFileListView, loadFileOptions } from "./find-file-list.js";

/**
 * The option ids the uploaded files belong to, in the order of the files: the form's `ids` (or `id`) field, a comma
 * list ("3,4") or a JSON array ("[3,4]").
 */
export function parseOptionIds(fields: Record<string, string>): number[] | null {
  const raw = (fields.ids ?? fields.id ?? "").trim();
  if (raw === "") return null;
  let parts: unknown[];
  try {
    parts = raw.startsWith("[") ? (JSON.parse(raw) as unknown[]) : raw.split(",");
  } catch {
    return null;
  }
  if (!Array.isArray(parts)) return null;
  const ids = parts.map((p) => Number(typeof p === "string" ? p.trim() : p));
  return ids.every((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647) ? ids : null;
}

/**
 * POST /files/uploadList/{id}: each file becomes the stored file of one option row of the list (replacing its
 * previous file). Every file is checked before anything is stored: the attachment types a message may carry, with
 * the bytes read (file-type) for audio and video, so a renamed executable is refused whatever it claims.
 */
export async function uploadFileListFiles(
  db: Db,
  storage: FileStorage,
  companyId: number,
  id: number,
  uploads: Omit<Upload, "fields">[],
  fields: Record<string, string>,
): Promise<FileListView> {
  await findFileList(db, companyId, id);
  const optionIds = parseOptionIds(fields);
  if (!optionIds || optionIds.length !== uploads.length || new Set(optionIds).size !== optionIds.length) {
    throw validationError([{ path: "body.ids", message: "validation.invalid" }]);
  }
  const existing = new Map((await loadFileOptions(db, companyId, [id])).map((o) => [o.id, o]));
  if (optionIds.some((optionId) => !existing.has(optionId))) throw validationError([{ path: "body.ids", message: "validation.invalid" }]);

  const checked: { optionId: number; upload: Omit<Upload, "fields">; mediaType: string }[] = [];
  for (const [index, upload] of uploads.entries()) {
    const mediaType = await checkedUploadType(upload.fileName, upload.mimetype, upload.data, "attachment");
    if (!mediaType) throw new AppError("ERR_INVALID_FILE_TYPE", 400, { fileName: upload.fileName });
    checked.push({ optionId: optionIds[index]!, upload, mediaType: mediaType.split(";")[0]!.trim().toLowerCase() });
  }

  const stored: string[] = [];
  try {
    const saved: ((typeof checked)[number] & { path: string })[] = [];
    for (const item of checked) {
      const file = await storage.save(companyId, "files", item.upload.fileName, item.upload.data);
      stored.push(file.path);
      saved.push({ ...item, path: file.path });
    }
    const { view, replaced } = await db.transaction(async (tx) => {
      await findFileList(tx, companyId, id, { forUpdate: true });
      const current = new Map((await loadFileOptions(tx, companyId, [id])).map((o) => [o.id, o]));
      const replaced: string[] = [];
      const now = new Date();
      for (const item of saved) {
        const option = current.get(item.optionId);
        // Removed by an edit meanwhile: the file goes with it.
        if (!option) throw new AppError("ERR_NOT_FOUND", 404);
        if (option.path) replaced.push(option.path);
        await tx
          .update(fileOptions)
          .set({ path: item.path, mediaType: item.mediaType, updatedAt: now })
          .where(inCompany(fileOptions, companyId, and(eq(fileOptions.id, item.optionId), eq(fileOptions.fileId, id))));
      }
      const [row] = await tx.update(files).set({ updatedAt: now }).where(inCompany(files, companyId, eq(files.id, id))).returning();
      return { view: await loadFileListView(tx, companyId, row!), replaced };
    });
    stored.length = 0;
    await Promise.all(replaced.map((path) => storage.remove(path)));
    return view;
  } finally {
    // Anything stored for an upload that did not commit.
    await Promise.all(stored.map((path) => storage.remove(path)));
  }
}
