import { createHash, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { AppDeps } from "../app-deps.js";
import { invoices, paymentEvents } from "../db/schema.js";
import { AppError } from "../errors.js";
import { confirmInvoicePayment } from "./confirm-invoice-payment.js";
import { toCents } from "./invoice-period.js";
import { ASAAS_PAID_STATUSES, ASAAS_PAYMENT_EVENTS } from "./providers/asaas.js";
import { asaasProvider, billingConfigOf } from "./providers/select-provider.js";

/** The part of an Asaas webhook we read; the rest (amounts included) is not trusted and not kept. */
export const asaasWebhookSchema = z.object({
  id: z.string().min(1).max(300),
  event: z.string().min(1).max(100),
  payment: z.object({ id: z.string().min(1).max(100) }).loose().optional(),
});
export type AsaasWebhook = z.infer<typeof asaasWebhookSchema>;

export type WebhookOutcome = "applied" | "ignored" | "rejected" | "duplicate";

function sameSecret(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  // Digests have equal lengths, so the comparison takes the same time whatever was sent.
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * POST /webhooks/asaas. Authenticated by the `asaas-access-token` header against ASAAS_WEBHOOK_TOKEN (401 otherwise,
 * and always while no token is configured). PAYMENT_RECEIVED / PAYMENT_CONFIRMED of one of our invoices' payments
 * confirm it only after Asaas, asked directly, reports it paid for exactly the invoice's amount. Each event id is
 * recorded once: a redelivery answers "duplicate" and changes nothing. A refusal on our side (unknown payment, amount
 * mismatch) is recorded and answered 200, since an error answer would make Asaas stop its whole queue.
 */
export async function handleAsaasWebhook(
  deps: Pick<AppDeps, "db" | "config" | "realtime">,
  token: string | undefined,
  body: AsaasWebhook,
  log: { warn: (obj: object, msg: string) => void },
): Promise<{ outcome: WebhookOutcome }> {
  const expected = billingConfigOf(deps).asaasWebhookToken;
  if (!expected || !sameSecret(token, expected)) throw new AppError("ERR_INVALID_WEBHOOK_TOKEN", 401);

  const [seen] = await deps.db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, "asaas"), eq(paymentEvents.eventId, body.id)));
  if (seen) return { outcome: "duplicate" };

  const paymentId = body.payment?.id ?? null;
  const record = async (outcome: WebhookOutcome, invoiceId: number | null, db = deps.db) =>
    (
      await db
        .insert(paymentEvents)
        .values({ provider: "asaas", eventId: body.id, event: body.event, providerPaymentId: paymentId, invoiceId, outcome })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id })
    ).length > 0;

  if (!ASAAS_PAYMENT_EVENTS.includes(body.event) || !paymentId) {
    return { outcome: (await record("ignored", null)) ? "ignored" : "duplicate" };
  }
  // Unscoped by design: the provider's payment id names the invoice (unique per provider).
  const [invoice] = await deps.db
    .select({ id: invoices.id, value: invoices.value, status: invoices.status })
    .from(invoices)
    .where(and(eq(invoices.provider, "asaas"), eq(invoices.providerPaymentId, paymentId)));
  if (!invoice) {
    log.warn({ paymentId, eventId: body.id }, "asaas webhook: payment of no invoice");
    return { outcome: (await record("rejected", null)) ? "rejected" : "duplicate" };
  }

  const provider = await asaasProvider(deps);
  // Without a key we cannot check: 503, and Asaas delivers it again later.
  if (!provider?.getPayment) throw new AppError("ERR_PAYMENT_NOT_CONFIGURED", 503);
  const payment = await provider.getPayment(paymentId);
  if (!ASAAS_PAID_STATUSES.includes(payment.status) || toCents(payment.value) !== toCents(invoice.value)) {
    log.warn({ paymentId, invoiceId: invoice.id, status: payment.status }, "asaas webhook: payment not paid or amount differs from the invoice");
    return { outcome: (await record("rejected", invoice.id)) ? "rejected" : "duplicate" };
  }

  let fresh = false;
  const confirmed = await confirmInvoicePayment(deps, invoice.id, async (tx) => {
    fresh = await record(invoice.status === "paid" ? "ignored" : "applied", invoice.id, tx as never);
    return fresh;
  });
  if (!fresh) return { outcome: "duplicate" };
  return { outcome: confirmed ? "applied" : "ignored" };
}
