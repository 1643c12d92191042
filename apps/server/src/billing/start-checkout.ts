import { eq, isNull, ne, or } from "drizzle-orm";
import type { PixCharge, SubscriptionData } from "@atendo/shared";
import type { AppDeps } from "../app-deps.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { companies, invoices } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError, validationError } from "../errors.js";
import { todayIso } from "../companies/assert-company-access.js";
import { ensureInvoice } from "./ensure-invoice.js";
import { selectProvider } from "./providers/select-provider.js";

/**
 * POST /subscription: the Pix charge of an invoice (the one named, else the current period's, created if missing).
 * The amount is always the invoice's, never the client's `price`. Asking again for the same invoice reuses its
 * provider payment (Asaas) rather than creating another.
 */
export async function startCheckout(deps: Pick<AppDeps, "db" | "config">, auth: AuthContext, input: SubscriptionData): Promise<PixCharge> {
  const { db } = deps;
  let invoice;
  if (input.invoiceId !== undefined) {
    [invoice] = await db.select().from(invoices).where(inCompany(invoices, auth.companyId, eq(invoices.id, input.invoiceId))).limit(1);
    if (!invoice) throw new AppError("ERR_NO_INVOICE_FOUND", 404);
  } else {
    invoice = await ensureInvoice(db, auth.companyId);
  }
  if (invoice.status === "paid") throw new AppError("ERR_INVOICE_ALREADY_PAID", 409);

  const provider = await selectProvider(deps);
  if (provider.name === "asaas" && !invoice.providerPaymentId && !input.cpfCnpj) {
    // Asaas needs the payer's CPF or CNPJ to create its customer.
    throw validationError([{ path: "body.cpfCnpj", message: "validation.required" }]);
  }
  const [company] = await db
    .select({ id: companies.id, name: companies.name, email: companies.email })
    .from(companies)
    .where(eq(companies.id, auth.companyId));
  const sameProvider = invoice.provider === provider.name;
  const issued = await provider.issuePixCharge({
    invoice: { ...invoice, providerPaymentId: sameProvider ? invoice.providerPaymentId : null },
    company: company!,
    payer: {
      name: [input.firstName, input.lastName].filter(Boolean).join(" "),
      cpfCnpj: input.cpfCnpj || undefined,
      zipcode: input.zipcode,
      address: input.address2,
      city: input.city,
      state: input.state,
    },
    today: todayIso(),
  });

  // Keep the first payment id an invoice got from a provider: a concurrent checkout that lost the race shows the
  // winner's code (its own remote payment, if any, is never confirmed against this invoice).
  const [saved] = await db
    .update(invoices)
    .set({ provider: provider.name, providerPaymentId: issued.providerPaymentId, pixCode: issued.pixCode })
    .where(
      inCompany(
        invoices,
        auth.companyId,
        eq(invoices.id, invoice.id),
        or(
          isNull(invoices.providerPaymentId),
          // Switching providers (an Asaas key added or removed) replaces the charge with the new provider's.
          ne(invoices.provider, provider.name),
          eq(invoices.providerPaymentId, issued.providerPaymentId ?? ""),
        ),
      ),
    )
    .returning();
  const current = saved ?? (await db.select().from(invoices).where(eq(invoices.id, invoice.id)))[0]!;
  return {
    invoiceId: current.id,
    provider: provider.name,
    qrcode: { qrcode: current.pixCode ?? issued.pixCode },
    valor: { original: Number(current.value).toFixed(2) },
    dueDate: current.dueDate,
  };
}
