import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import * as XLSX from "@e965/xlsx";
import type { ContactListImportView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { contactListImports, contactListItems, contactLists } from "../db/schema.js";
import { createCompany, createTestDatabase } from "../test/helpers.js";
import { createFileStorage } from "../storage/file-storage.js";
import type { AppDeps } from "../app-deps.js";
import { runContactListImport } from "./run-contact-list-import.js";

let database: Database;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), "atendo-list-import-"));
});
afterAll(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("runContactListImport", () => {
  it("resumes after the last saved batch when the process stopped mid-import, counting each row once", async () => {
    const storage = createFileStorage(dataDir);
    const company = await createCompany(database.db);
    const [list] = await database.db.insert(contactLists).values({ companyId: company.id, name: "Grande" }).returning();
    const rows = Array.from({ length: 250 }, (_, i) => [`Cliente ${i}`, `55119${String(87600000 + i)}`]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([["nome", "numero"], ...rows]), "Contatos");
    const stored = await storage.save(company.id, "contact-list-imports", "grande.xlsx", XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer);
    const [row] = await database.db
      .insert(contactListImports)
      .values({ companyId: company.id, contactListId: list!.id, fileName: "grande.xlsx", filePath: stored.path })
      .returning();

    // The first attempt is stopped (shutdown) once the first batch is saved.
    const stop = new AbortController();
    const seen: ContactListImportView[] = [];
    const deps = (onEvent: (view: ContactListImportView) => void) =>
      ({
        db: database.db,
        storage,
        jobs: { enqueue: async () => "job" },
        realtime: { toCompany: (_c: number, _e: string, payload: { import?: ContactListImportView }) => payload.import && onEvent(payload.import) },
      }) as unknown as Pick<AppDeps, "db" | "storage" | "realtime" | "jobs">;
    const job = { importId: row!.id, companyId: company.id };
    await expect(
      runContactListImport(
        deps((view) => {
          seen.push(view);
          if (view.processed === 100) stop.abort();
        }),
        job,
        { jobId: "1", retryCount: 0, lastAttempt: false, signal: stop.signal },
      ),
    ).rejects.toThrow();
    const [halfway] = await database.db.select().from(contactListImports).where(eq(contactListImports.id, row!.id));
    expect(halfway).toMatchObject({ status: "running", processed: 100, imported: 100 });

    // pg-boss runs the job again after the restart.
    await runContactListImport(deps(() => undefined), job, { jobId: "1", retryCount: 1, lastAttempt: false, signal: new AbortController().signal });
    const [done] = await database.db.select().from(contactListImports).where(eq(contactListImports.id, row!.id));
    expect(done).toMatchObject({ status: "done", total: 250, processed: 250, imported: 250, duplicates: 0, invalid: 0 });
    expect(done!.rows.map((r) => r.row)).toEqual(Array.from({ length: 250 }, (_, i) => i + 2));
    const items = await database.db.select().from(contactListItems).where(eq(contactListItems.contactListId, list!.id));
    expect(items).toHaveLength(250);
  });
});
