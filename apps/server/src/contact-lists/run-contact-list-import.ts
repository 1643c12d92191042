import { and, eq } from "drizzle-orm";
import {
  CONTACT_LIST_IMPORT_MAX_ROWS,
  CONTACT_LIST_IMPORT_REPORT_LIMIT,
  companyEvent,
  type ContactListEventPayload,
  type ContactListImportError,
  type ContactListItemEventPayload,
} from "@atendo/shared";
import type { AppDeps } from "../app-deps.js";
import { contactListImports } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import type { JobContext } from "../jobs/jobs.js";
import { presentContactListImport } from "./present-contact-list.js";
import { importListRows } from "./import-list-rows.js";
import { getContactList } from "./get-contact-list.js";
import { CONTACT_LIST_CHECK_JOB, type ContactListCheckJob } from "./check-list-numbers.js";

export const CONTACT_LIST_IMPORT_JOB = "contact-lists.import";
export interface ContactListImportJob {
  importId: number;
  companyId: number;
}

/** Rows per transaction: progress is saved (and shown) after each. */
export const CONTACT_LIST_IMPORT_BATCH = 100;

type ImportRow = typeof contactListImports.$inferSelect;

/**
 * The import job. Each batch of rows and the import's counters and report commit together, so after a crash the next
 * attempt resumes after the last saved batch with exact counts. Progress goes to the company's sockets as a
 * `company-{id}-ContactListItem` `import` event after every batch; at the end the list's new count goes out as a
 * `company-{id}-ContactList` update and the new numbers are queued for their WhatsApp check.
 */
export async function runContactListImport(
  deps: Pick<AppDeps, "db" | "storage" | "realtime" | "jobs">,
  job: ContactListImportJob,
  context: JobContext,
): Promise<void> {
  const { db } = deps;
  const { companyId, importId } = job;
  const thisImport = inCompany(contactListImports, companyId, eq(contactListImports.id, importId));
  const emit = (row: ImportRow) =>
    deps.realtime.toCompany(companyId, companyEvent.contactListItem(companyId), {
      action: "import",
      import: presentContactListImport(row),
    } satisfies ContactListItemEventPayload);
  const finish = async (status: "done" | "failed", error: ContactListImportError | null = null) => {
    const row = await db.transaction(async (tx) => {
      const [saved] = await tx.update(contactListImports).set({ status, error, finishedAt: new Date(), updatedAt: new Date() }).where(thisImport).returning();
      if (saved && status === "done" && saved.imported > 0) {
        await deps.jobs.enqueue<ContactListCheckJob>(CONTACT_LIST_CHECK_JOB, { companyId, contactListId: saved.contactListId }, { tx });
      }
      return saved;
    });
    if (!row) return;
    await deps.storage.remove(row.filePath);
    emit(row);
    const list = await getContactList(db, companyId, row.contactListId).catch(() => null);
    if (list) {
      deps.realtime.toCompany(companyId, companyEvent.contactList(companyId), { action: "update", record: list } satisfies ContactListEventPayload);
    }
  };

  const [start] = await db.select().from(contactListImports).where(thisImport);
  if (!start || start.status === "done" || start.status === "failed") return;

  try {
    const file = await deps.storage.read(start.filePath);
    if (!file) return await finish("failed", "fileMissing");
    // The spreadsheet library is loaded by the first import, not at every start; the contacts' reader is reused.
    const { readContactSheet } = await import("../contacts/read-contact-sheet.js");
    const sheet = readContactSheet(file, start.fileName);
    if (!sheet.ok) return await finish("failed", sheet.error);
    if (sheet.rows.length > CONTACT_LIST_IMPORT_MAX_ROWS) return await finish("failed", "tooManyRows");

    let current = (await db.update(contactListImports).set({ status: "running", total: sheet.rows.length, updatedAt: new Date() }).where(thisImport).returning())[0]!;
    emit(current);
    for (let offset = current.processed; offset < sheet.rows.length; offset += CONTACT_LIST_IMPORT_BATCH) {
      // A stopping process leaves here; pg-boss runs the job again on the next start, from this batch.
      context.signal.throwIfAborted();
      const batch = sheet.rows.slice(offset, offset + CONTACT_LIST_IMPORT_BATCH);
      const before: ImportRow = current;
      current = await db.transaction(async (tx) => {
        const report = await importListRows(tx, companyId, before.contactListId, batch);
        const count = (status: string) => report.filter((r) => r.status === status).length;
        const room = Math.max(0, CONTACT_LIST_IMPORT_REPORT_LIMIT - before.rows.length);
        const [saved] = await tx
          .update(contactListImports)
          .set({
            processed: offset + batch.length,
            imported: before.imported + count("imported"),
            duplicates: before.duplicates + count("duplicate"),
            invalid: before.invalid + count("invalid-number"),
            rows: [...before.rows, ...report.slice(0, room)],
            updatedAt: new Date(),
          })
          // Only from the progress this attempt read: a second runner of the same import rolls back instead.
          .where(and(thisImport, eq(contactListImports.processed, offset)))
          .returning();
        if (!saved) throw new Error(`contact list import ${importId}: progress moved under this attempt`);
        return saved;
      });
      emit(current);
    }
    await finish("done");
  } catch (err) {
    // Interrupted, or a failure worth another attempt: pg-boss retries. On the last attempt the import fails visibly.
    if (context.signal.aborted || !context.lastAttempt) throw err;
    await finish("failed", "internal");
  }
}
