import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { eventually } from "../test/socket-client.js";
import { createDueInvoicesUnscoped } from "./create-due-invoices.js";
import { CREATE_INVOICES_JOB } from "./register-billing-jobs.js";
import { invoicesOf, isoDay, payingCompany } from "./test-support.js";

let database: Database;
let app: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe("the invoice job", () => {
  it("issues one invoice per company and period, however often it runs", async () => {
    const { company } = await payingCompany(database.db, { dueDate: isoDay(3), value: "149.50" });
    await createDueInvoicesUnscoped(database.db);
    await createDueInvoicesUnscoped(database.db);
    await Promise.all([createDueInvoicesUnscoped(database.db), createDueInvoicesUnscoped(database.db)]);
    const rows = await invoicesOf(database.db, company.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ period: isoDay(3), dueDate: isoDay(3), value: "149.50", status: "open" });
  });

  it("runs on pg-boss: two runs of the job leave one invoice", async () => {
    const { company } = await payingCompany(database.db, { dueDate: isoDay(1) });
    await app.deps.jobs.enqueue(CREATE_INVOICES_JOB, {});
    await app.deps.jobs.enqueue(CREATE_INVOICES_JOB, {});
    await eventually(async () => (await invoicesOf(database.db, company.id)).length > 0, 15_000);
    // Let the second run finish too.
    await new Promise((r) => setTimeout(r, 2_500));
    expect(await invoicesOf(database.db, company.id)).toHaveLength(1);
  });

  it("also bills an overdue company, and not free plans, far due dates or companies without one", async () => {
    const overdue = await payingCompany(database.db, { dueDate: isoDay(-20) });
    const free = await payingCompany(database.db, { dueDate: isoDay(2), value: "0" });
    const far = await payingCompany(database.db, { dueDate: isoDay(60) });
    const none = await payingCompany(database.db, { dueDate: null });
    await createDueInvoicesUnscoped(database.db);
    expect(await invoicesOf(database.db, overdue.company.id)).toHaveLength(1);
    expect(await invoicesOf(database.db, free.company.id)).toHaveLength(0);
    expect(await invoicesOf(database.db, far.company.id)).toHaveLength(0);
    expect(await invoicesOf(database.db, none.company.id)).toHaveLength(0);
  });
});
