import { eq } from "drizzle-orm";
import type { InvoiceView } from "@atendo/shared";
import type { AppDeps } from "../app-deps.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { invoices } from "../db/schema.js";
import { AppError } from "../errors.js";
import { confirmInvoicePayment } from "./confirm-invoice-payment.js";
import { presentInvoice } from "./present-invoice.js";

/**
 * PUT /invoices/{id}/paid: a super user of the platform company confirms a payment (how static Pix charges are
 * settled). Any company's invoice, unscoped by design; to anyone else every invoice is unknown. Marking an invoice
 * that is already paid changes nothing.
 */
export async function markInvoicePaid(deps: Pick<AppDeps, "db" | "realtime">, auth: AuthContext, invoiceId: number): Promise<InvoiceView> {
  if (!auth.super || !auth.isPlatform) throw new AppError("ERR_NO_INVOICE_FOUND", 404);
  const [exists] = await deps.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, invoiceId));
  if (!exists) throw new AppError("ERR_NO_INVOICE_FOUND", 404);
  await confirmInvoicePayment(deps, invoiceId);
  const [row] = await deps.db.select().from(invoices).where(eq(invoices.id, invoiceId));
  return presentInvoice(row!);
}
