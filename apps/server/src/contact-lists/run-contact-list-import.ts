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
import { runSheetImport } from "../contacts/run-sheet-import.js";

export const CONTACT_LIST_IMPORT_JOB = "contact-lists.import";
export interface ContactListImportJob {
  importId: number;
  companyId: number;
}

type ImportRow = typeof contactListImports.$inferSelect;

/**
 * The contact-list import job (the loop and its crash guarantees: contacts/run-sheet-import.ts). Progress goes to the
 * company's sockets as a `company-{id}-ContactListItem` `import` event after every batch; at the end the list's new
 * count goes out as a `company-{id}-ContactList` update and the new numbers are queued for their WhatsApp check.
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

  await runSheetImport<ImportRow>(
    deps,
    {
      emit,
      maxRows: CONTACT_LIST_IMPORT_MAX_ROWS,
      load: async () => (await db.select().from(contactListImports).where(thisImport))[0],
      markRunning: async (total) => (await db.update(contactListImports).set({ status: "running", total, updatedAt: new Date() }).where(thisImport).returning())[0]!,
      saveBatch: (before, offset, batch) =>
        db.transaction(async (tx) => {
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
            .where(and(thisImport, eq(contactListImports.processed, offset)))
            .returning();
          if (!saved) throw new Error(`contact list import ${importId}: progress moved under this attempt`);
          return saved;
        }),
      async finish(status, error: ContactListImportError | null = null) {
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
      },
    },
    context,
  );
}
