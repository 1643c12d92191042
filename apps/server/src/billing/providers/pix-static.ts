import type { BillingConfig } from "../../config.js";
import { AppError } from "../../errors.js";
import type { PaymentProvider } from "./provider.js";

/** Pix identifiers (txid) are up to 25 letters and digits: ours names the invoice, so a statement line finds it. */
export function invoiceTxid(invoiceId: number): string {
  return `ATENDO${invoiceId}`.slice(0, 25);
}

/** Merchant name and city in the BR Code: plain ASCII (Pix readers differ on accents), at most 25 and 15 characters. */
function plain(text: string, max: number): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9 .\-]/g, "")
    .trim()
    .slice(0, max);
}

/** The BR Code (EMV, with its CRC16) of a static Pix charge to the platform's key for an amount. */
export async function buildStaticBrCode(opts: { pixKey: string; merchantName: string; merchantCity: string; amount: number; txid: string; info?: string }): Promise<string> {
  // Imported when a charge is made, not at start (start-up time).
  const { createStaticPix, hasError } = await import("pix-utils");
  const pix = createStaticPix({
    pixKey: opts.pixKey,
    merchantName: plain(opts.merchantName, 25) || "Atendo",
    merchantCity: plain(opts.merchantCity, 15) || "Sao Paulo",
    transactionAmount: opts.amount,
    txid: opts.txid,
    ...(opts.info ? { infoAdicional: opts.info.slice(0, 40) } : {}),
  });
  if (hasError(pix)) throw new AppError("ERR_PAYMENT_NOT_CONFIGURED", 503, { reason: pix.message });
  return pix.toBRCode();
}

/**
 * Static Pix: a valid BR Code for PIX_KEY and the invoice's amount. Nothing tells us it was paid: a super user marks
 * the invoice paid (PUT /invoices/{id}/paid) after seeing the money arrive.
 */
export function createPixStaticProvider(config: Pick<BillingConfig, "pixKey" | "pixMerchantName" | "pixMerchantCity">): PaymentProvider {
  return {
    name: "pix-static",
    async issuePixCharge({ invoice }) {
      if (!config.pixKey) throw new AppError("ERR_PAYMENT_NOT_CONFIGURED", 503);
      const pixCode = await buildStaticBrCode({
        pixKey: config.pixKey,
        merchantName: config.pixMerchantName,
        merchantCity: config.pixMerchantCity,
        amount: Number(invoice.value),
        txid: invoiceTxid(invoice.id),
        info: `Fatura ${invoice.id}`,
      });
      return { providerPaymentId: null, pixCode };
    },
  };
}
