import path from "node:path";
import { CONTACT_IMPORT_EXTENSIONS, CONTACT_IMPORT_MAX_BYTES, type ContactImportView } from "@atendo/shared";
import type { AppDeps } from "../app-deps.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { contactImports } from "../db/schema.js";
import { AppError } from "../errors.js";
import { presentContactImport } from "./present-contact.js";
import { CONTACT_IMPORT_JOB, type ContactImportJob } from "./run-contact-import.js";

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const isText = (data: Buffer) => !data.subarray(0, 8192).includes(0);

/**
 * The file is what its extension says: .xlsx a zip, .xls an OLE workbook (or the HTML/XML/text "xls" some systems
 * export), .csv text. Anything else, renamed or not, is refused before it is stored.
 */
export function isContactSpreadsheet(fileName: string, data: Buffer): boolean {
  const ext = path.extname(fileName).toLowerCase();
  if (!(CONTACT_IMPORT_EXTENSIONS as readonly string[]).includes(ext)) return false;
  if (ext === ".xlsx") return data.subarray(0, 4).equals(ZIP);
  if (ext === ".xls") return data.subarray(0, 8).equals(OLE) || isText(data);
  return isText(data);
}

/**
 * Stores an uploaded spreadsheet and queues its import. The import row and its job are written in one transaction:
 * either both exist or neither, so no import waits forever for a job that was never queued.
 */
export async function startContactImport(
  deps: Pick<AppDeps, "db" | "storage" | "jobs">,
  auth: AuthContext,
  upload: { fileName: string; data: Buffer },
): Promise<ContactImportView> {
  if (upload.data.length > CONTACT_IMPORT_MAX_BYTES) throw new AppError("ERR_PAYLOAD_TOO_LARGE", 413);
  if (!isContactSpreadsheet(upload.fileName, upload.data)) throw new AppError("ERR_INVALID_FILE_TYPE", 400);

  const stored = await deps.storage.save(auth.companyId, "contact-imports", upload.fileName, upload.data);
  try {
    const row = await deps.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(contactImports)
        .values({ companyId: auth.companyId, userId: auth.userId, fileName: stored.name, filePath: stored.path })
        .returning();
      await deps.jobs.enqueue<ContactImportJob>(CONTACT_IMPORT_JOB, { importId: created!.id, companyId: auth.companyId }, { tx });
      return created!;
    });
    return presentContactImport(row);
  } catch (err) {
    await deps.storage.remove(stored.path);
    throw err;
  }
}
