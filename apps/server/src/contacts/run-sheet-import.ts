import type { ContactImportError } from "@atendo/shared";
import type { AppDeps } from "../app-deps.js";
import type { JobContext } from "../jobs/jobs.js";
import type { SheetRow } from "./read-contact-sheet.js";

/** Rows per transaction: progress is saved (and shown) after each. */
export const SHEET_IMPORT_BATCH = 100;

/** An import's stored state as the loop needs it (contact imports and contact-list imports). */
export interface SheetImportState {
  status: string;
  processed: number;
  filePath: string;
  fileName: string;
}

/** What differs between the imports that read a contacts spreadsheet: where their state lives and what a batch does. */
export interface SheetImportSteps<Row extends SheetImportState> {
  load(): Promise<Row | undefined>;
  markRunning(total: number): Promise<Row>;
  /**
   * Saves one batch and the import's progress in one transaction, only from the progress `before` read (`processed`
   * = `offset`): a second runner of the same import rolls back instead.
   */
  saveBatch(before: Row, offset: number, batch: SheetRow[]): Promise<Row>;
  finish(status: "done" | "failed", error?: ContactImportError): Promise<void>;
  emit(row: Row): void;
  /** More rows than this fail the import as "tooManyRows" (the sheet reader has its own, larger limit). */
  maxRows?: number;
}

/**
 * The import job's loop. Each batch and the import's counters commit together, so after a crash or a shutdown the
 * next attempt resumes after the last saved batch with exact counts; the upserts make even a repeated batch harmless.
 */
export async function runSheetImport<Row extends SheetImportState>(deps: Pick<AppDeps, "storage">, steps: SheetImportSteps<Row>, context: JobContext): Promise<void> {
  const start = await steps.load();
  if (!start || start.status === "done" || start.status === "failed") return;
  try {
    const file = await deps.storage.read(start.filePath);
    if (!file) return await steps.finish("failed", "fileMissing");
    // The spreadsheet library is loaded by the first import, not at every start (start-up time and memory).
    const { readContactSheet } = await import("./read-contact-sheet.js");
    const sheet = readContactSheet(file, start.fileName);
    if (!sheet.ok) return await steps.finish("failed", sheet.error);
    if (steps.maxRows !== undefined && sheet.rows.length > steps.maxRows) return await steps.finish("failed", "tooManyRows");

    let current = await steps.markRunning(sheet.rows.length);
    steps.emit(current);
    for (let offset = current.processed; offset < sheet.rows.length; offset += SHEET_IMPORT_BATCH) {
      // A stopping process leaves here; pg-boss runs the job again on the next start, from this batch.
      context.signal.throwIfAborted();
      current = await steps.saveBatch(current, offset, sheet.rows.slice(offset, offset + SHEET_IMPORT_BATCH));
      steps.emit(current);
    }
    await steps.finish("done");
  } catch (err) {
    // Interrupted, or a failure worth another attempt: pg-boss retries. On the last attempt the import fails visibly.
    if (context.signal.aborted || !context.lastAttempt) throw err;
    await steps.finish("failed", "internal");
  }
}
