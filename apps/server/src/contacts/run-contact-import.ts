import { and, eq } from "drizzle-orm";
import { companyEvent, CONTACT_IMPORT_REPORT_LIMIT, type ContactImportError, type ContactImportEventPayload } from "@atendo/shared";
import type { AppDeps } from "../app-deps.js";
import { contactImports } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import type { JobContext } from "../jobs/jobs.js";
import { presentContactImport } from "./present-contact.js";
import { upsertContactRows } from "./upsert-contact-rows.js";

export const CONTACT_IMPORT_JOB = "contacts.import";
export interface ContactImportJob {
  importId: number;
  companyId: number;
}

/** Rows per transaction: progress is saved (and shown) after each. */
export const CONTACT_IMPORT_BATCH = 100;

type ImportRow = typeof contactImports.$inferSelect;

/**
 * The import job. Each batch of rows and the import's counters commit together, so after a crash or a shutdown the
 * next attempt resumes after the last saved batch with exact counts; the upserts make even a repeated batch harmless.
 * Progress goes to the company's sockets (`company-{id}-contactImport`) after every batch.
 */
export async function runContactImport(
  deps: Pick<AppDeps, "db" | "storage" | "realtime">,
  job: ContactImportJob,
  context: JobContext,
): Promise<void> {
  const { db } = deps;
  const { companyId, importId } = job;
  const thisImport = inCompany(contactImports, companyId, eq(contactImports.id, importId));
  const emit = (row: ImportRow) =>
    deps.realtime.toCompany(companyId, companyEvent.contactImport(companyId), {
      action: "update",
      import: presentContactImport(row),
    } satisfies ContactImportEventPayload);
  const finish = async (status: "done" | "failed", error: ContactImportError | null = null) => {
    const [row] = await db.update(contactImports).set({ status, error, finishedAt: new Date(), updatedAt: new Date() }).where(thisImport).returning();
    if (row) {
      await deps.storage.remove(row.filePath);
      emit(row);
    }
  };

  const [start] = await db.select().from(contactImports).where(thisImport);
  if (!start || start.status === "done" || start.status === "failed") return;

  try {
    const file = await deps.storage.read(start.filePath);
    if (!file) return await finish("failed", "fileMissing");
    // The spreadsheet library is loaded by the first import, not at every start (start-up time and memory).
    const { readContactSheet } = await import("./read-contact-sheet.js");
    const sheet = readContactSheet(file, start.fileName);
    if (!sheet.ok) return await finish("failed", sheet.error);

    let current = (await db.update(contactImports).set({ status: "running", total: sheet.rows.length, updatedAt: new Date() }).where(thisImport).returning())[0]!;
    emit(current);
    for (let offset = current.processed; offset < sheet.rows.length; offset += CONTACT_IMPORT_BATCH) {
      // A stopping process leaves here; pg-boss runs the job again on the next start, from this batch.
      context.signal.throwIfAborted();
      const batch = sheet.rows.slice(offset, offset + CONTACT_IMPORT_BATCH);
      const before: ImportRow = current;
      current = await db.transaction(async (tx) => {
        const outcome = await upsertContactRows(tx, companyId, batch);
        const room = Math.max(0, CONTACT_IMPORT_REPORT_LIMIT - before.rejected.length);
        const [saved] = await tx
          .update(contactImports)
          .set({
            processed: offset + batch.length,
            created: before.created + outcome.created,
            updated: before.updated + outcome.updated,
            rejected: [...before.rejected, ...outcome.rejected.slice(0, room)],
            updatedAt: new Date(),
          })
          // Only from the progress this attempt read: a second runner of the same import rolls back instead.
          .where(and(thisImport, eq(contactImports.processed, offset)))
          .returning();
        if (!saved) throw new Error(`contact import ${importId}: progress moved under this attempt`);
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
