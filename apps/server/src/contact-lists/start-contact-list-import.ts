import path from "node:path";
import { CONTACT_LIST_IMPORT_MAX_BYTES, type ContactListImportView } from "@atendo/shared";
import type { AppDeps } from "../app-deps.js";
import { contactListImports } from "../db/schema.js";
import { AppError } from "../errors.js";
import { findContactList } from "./find-contact-list.js";
import { presentContactListImport } from "./present-contact-list.js";
import { CONTACT_LIST_IMPORT_JOB, type ContactListImportJob } from "./run-contact-list-import.js";

/** What file-type reads in each accepted extension's bytes: an OOXML workbook, or the OLE container of a BIFF .xls. */
const EXPECTED = { ".xlsx": "xlsx", ".xls": "cfb" } as const;

/**
 * Only .xls or .xlsx (administration section 5), judged by the bytes (file-type), and the name must agree: an .exe
 * (or anything else) renamed .xlsx is refused with ERR_INVALID_FILE_TYPE before it is stored.
 */
export async function checkListSpreadsheet(fileName: string, data: Buffer): Promise<void> {
  const ext = path.extname(fileName).toLowerCase();
  const expected = EXPECTED[ext as keyof typeof EXPECTED];
  // Imported on first use, not at start (start-up time).
  const { fileTypeFromBuffer } = await import("file-type");
  const detected = await fileTypeFromBuffer(data);
  if (!expected || detected?.ext !== expected) throw new AppError("ERR_INVALID_FILE_TYPE", 400, { allowed: ["xls", "xlsx"] });
}

/**
 * Stores an uploaded spreadsheet and queues its import into one of the company's lists. The import row and its job
 * are written in one transaction: either both exist or neither.
 */
export async function startContactListImport(
  deps: Pick<AppDeps, "db" | "storage" | "jobs">,
  auth: { companyId: number; userId: number },
  contactListId: number,
  upload: { fileName: string; data: Buffer },
): Promise<ContactListImportView> {
  const list = await findContactList(deps.db, auth.companyId, contactListId);
  if (upload.data.length > CONTACT_LIST_IMPORT_MAX_BYTES) {
    throw new AppError("ERR_PAYLOAD_TOO_LARGE", 413, { maxBytes: CONTACT_LIST_IMPORT_MAX_BYTES });
  }
  await checkListSpreadsheet(upload.fileName, upload.data);

  const stored = await deps.storage.save(auth.companyId, "contact-list-imports", upload.fileName, upload.data);
  try {
    const row = await deps.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(contactListImports)
        .values({ companyId: auth.companyId, contactListId: list.id, userId: auth.userId, fileName: stored.name, filePath: stored.path })
        .returning();
      await deps.jobs.enqueue<ContactListImportJob>(CONTACT_LIST_IMPORT_JOB, { importId: created!.id, companyId: auth.companyId }, { tx });
      return created!;
    });
    return presentContactListImport(row);
  } catch (err) {
    await deps.storage.remove(stored.path);
    throw err;
  }
}
