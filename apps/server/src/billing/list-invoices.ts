import { count, desc, eq, ilike, or, sql } from "drizzle-orm";
import { PAGE_SIZE, type InvoicePage } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { companies, invoices } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { escapeLike } from "../db/escape-like.js";
import { presentInvoice } from "./present-invoice.js";

interface PageQuery {
  searchParam?: string;
  pageNumber: number;
}

/** Faturas: the company's invoices, newest due date first; the search matches the detail or the id. */
export async function listInvoices(db: DbOrTx, companyId: number, query: PageQuery): Promise<InvoicePage> {
  const term = query.searchParam?.trim();
  const where = inCompany(
    invoices,
    companyId,
    term ? or(ilike(invoices.detail, `%${escapeLike(term)}%`), eq(sql`${invoices.id}::text`, term)) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(invoices).where(where);
  const rows = await db
    .select()
    .from(invoices)
    .where(where)
    .orderBy(desc(invoices.dueDate), desc(invoices.id))
    .limit(PAGE_SIZE)
    .offset((query.pageNumber - 1) * PAGE_SIZE);
  const n = total?.n ?? 0;
  return { invoices: rows.map((r) => presentInvoice(r)), count: n, hasMore: query.pageNumber * PAGE_SIZE < n };
}

/** Every company's invoices, for the platform's super users; the search also matches the company's name. Unscoped by design. */
export async function listAllInvoicesUnscoped(db: DbOrTx, query: PageQuery): Promise<InvoicePage> {
  const term = query.searchParam?.trim();
  const where = term
    ? or(ilike(invoices.detail, `%${escapeLike(term)}%`), ilike(companies.name, `%${escapeLike(term)}%`), eq(sql`${invoices.id}::text`, term))
    : undefined;
  const [total] = await db.select({ n: count() }).from(invoices).innerJoin(companies, eq(companies.id, invoices.companyId)).where(where);
  const rows = await db
    .select({ invoice: invoices, company: { id: companies.id, name: companies.name } })
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(where)
    .orderBy(desc(invoices.dueDate), desc(invoices.id))
    .limit(PAGE_SIZE)
    .offset((query.pageNumber - 1) * PAGE_SIZE);
  const n = total?.n ?? 0;
  return { invoices: rows.map((r) => presentInvoice(r.invoice, r.company)), count: n, hasMore: query.pageNumber * PAGE_SIZE < n };
}
