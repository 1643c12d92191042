import { and, eq, sql } from "drizzle-orm";
import { recurrenceMonths } from "@atendo/shared";
import type { Db, Tx } from "../db/client.js";
import { companies, invoices } from "../db/schema.js";
import type { Realtime } from "../realtime/realtime.js";
import { addMonths } from "./invoice-period.js";
import { emitPaymentConcluded } from "./emit-payment.js";

export interface PaymentConfirmation {
  invoiceId: number;
  companyId: number;
  /** The company's new due date. */
  dueDate: string;
}

/**
 * Marks an open invoice paid and moves its company's due date on by its recurrence (MENSAL 1 month … ANUAL 12),
 * counted from the period's due date and never backwards. Only the transition open → paid extends, so a repeated
 * confirmation (a webhook delivered twice, two clicks) changes nothing and answers null.
 * `within` runs first in the same transaction; returning false abandons the confirmation (the webhook's event record).
 * The payment event goes out after the commit.
 */
export async function confirmInvoicePayment(
  deps: { db: Db; realtime: Realtime },
  invoiceId: number,
  within?: (tx: Tx) => Promise<boolean>,
): Promise<PaymentConfirmation | null> {
  const confirmed = await deps.db.transaction(async (tx) => {
    if (within && !(await within(tx))) return null;
    // Unscoped by id: callers have resolved the invoice (a company's own, a super user's, a provider's payment).
    const [paid] = await tx
      .update(invoices)
      .set({ status: "paid", paidAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(invoices.id, invoiceId), eq(invoices.status, "open")))
      .returning({ companyId: invoices.companyId, dueDate: invoices.dueDate });
    if (!paid) return null;
    const [company] = await tx
      .select({ dueDate: companies.dueDate, recurrence: companies.recurrence })
      .from(companies)
      .where(eq(companies.id, paid.companyId))
      .for("update");
    if (!company) return null;
    const extended = addMonths(paid.dueDate, recurrenceMonths(company.recurrence));
    const dueDate = company.dueDate && company.dueDate > extended ? company.dueDate : extended;
    await tx.update(companies).set({ dueDate, updatedAt: sql`now()` }).where(eq(companies.id, paid.companyId));
    return { invoiceId, companyId: paid.companyId, dueDate };
  });
  if (confirmed) emitPaymentConcluded(deps.realtime, confirmed.companyId, confirmed.dueDate);
  return confirmed;
}
