import type { InvoiceView } from "@atendo/shared";
import type { invoices } from "../db/schema.js";

type InvoiceRow = typeof invoices.$inferSelect;

/** What leaves the server of an invoice: never the provider's ids or the Pix code (the checkout answers that). */
export function presentInvoice(row: InvoiceRow, company?: { id: number; name: string }): InvoiceView {
  return {
    id: row.id,
    detail: row.detail,
    value: Number(row.value).toFixed(2),
    dueDate: row.dueDate,
    status: row.status,
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    ...(company ? { company } : {}),
  };
}
