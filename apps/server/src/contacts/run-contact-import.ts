import { and, eq } from "drizzle-orm";
import { companyEvent, CONTACT_IMPORT_REPORT_LIMIT, type ContactImportError, type ContactImportEventPayload } from "@atendo/shared";
import type { AppDeps } from "../app-deps.js";
import { contactImports } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import type { JobContext } from "../jobs/jobs.js";
import { presentContactImport } from "./present-contact.js";
import { upsertContactRows } from "./upsert-contact-rows.js";
import { runSheetImport } from "./run-sheet-import.js";

export const CONTACT_IMPORT_JOB = "contacts.import";
export interface ContactImportJob {
  importId: number;
  companyId: number;
}

type ImportRow = typeof contactImports.$inferSelect;

/**
 * The contact import job (the loop and its crash guarantees: run-sheet-import.ts). Progress goes to the company's
 * sockets (`company-{id}-contactImport`) after every batch.
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

  await runSheetImport<ImportRow>(
    deps,
    {
      emit,
      load: async () => (await db.select().from(contactImports).where(thisImport))[0],
      markRunning: async (total) => (await db.update(contactImports).set({ status: "running", total, updatedAt: new Date() }).where(thisImport).returning())[0]!,
      saveBatch: (before, offset, batch) =>
        db.transaction(async (tx) => {
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
            .where(and(thisImport, eq(contactImports.processed, offset)))
            .returning();
          if (!saved) throw new Error(`contact import ${importId}: progress moved under this attempt`);
          return saved;
        }),
      async finish(status, error: ContactImportError | null = null) {
        const [row] = await db.update(contactImports).set({ status, error, finishedAt: new Date(), updatedAt: new Date() }).where(thisImport).returning();
        if (row) {
          await deps.storage.remove(row.filePath);
          emit(row);
        }
      },
    },
    context,
  );
}
