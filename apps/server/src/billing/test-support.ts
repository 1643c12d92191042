import { eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { companies, invoices } from "../db/schema.js";
import { createCompany, createUser } from "../test/helpers.js";

export const WEBHOOK_TOKEN = "test-asaas-webhook-token-0123456789";

/** yyyy-MM-dd, `days` from today (UTC). */
export function isoDay(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A paying company (plan value 99.90) with an admin and an agent. */
export async function payingCompany(db: Db, opts: { dueDate?: string | null; value?: string; recurrence?: string } = {}) {
  const company = await createCompany(
    db,
    { dueDate: opts.dueDate === undefined ? isoDay(5) : opts.dueDate, email: "billing@company.test", recurrence: opts.recurrence ?? "MENSAL" },
    { value: opts.value ?? "99.90" },
  );
  const admin = await createUser(db, company.id, { profile: "admin" });
  const agent = await createUser(db, company.id, { profile: "user" });
  return { company, admin, agent };
}

/** The platform company with a super admin (marks invoices paid, owns the Integrations settings). */
export async function platformCompany(db: Db) {
  const company = await createCompany(db, { isPlatform: true, dueDate: null });
  const superAdmin = await createUser(db, company.id, { profile: "admin", super: true });
  return { company, superAdmin };
}

export async function invoicesOf(db: Db, companyId: number) {
  return db.select().from(invoices).where(eq(invoices.companyId, companyId));
}

export async function dueDateOf(db: Db, companyId: number) {
  const [row] = await db.select({ dueDate: companies.dueDate }).from(companies).where(eq(companies.id, companyId));
  return row?.dueDate ?? null;
}

export const CHECKOUT = { firstName: "Ana", lastName: "Souza", address2: "Rua das Flores, 10", city: "São Paulo", state: "SP", zipcode: "01000-000", country: "BR" };
