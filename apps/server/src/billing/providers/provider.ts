import type { PaymentProviderName } from "@atendo/shared";

/** What a provider needs to issue a Pix charge for an invoice. */
export interface PixChargeRequest {
  invoice: { id: number; value: string; dueDate: string; detail: string; providerPaymentId: string | null };
  company: { id: number; name: string; email: string | null };
  /** The checkout's Data step. */
  payer: { name: string; cpfCnpj?: string; zipcode: string; address: string; city: string; state?: string };
  /** yyyy-MM-dd: a charge cannot be due in the past. */
  today: string;
}

export interface IssuedCharge {
  /** The provider's id of the payment (Asaas); null for the static Pix code, which has no remote payment. */
  providerPaymentId: string | null;
  /** The Pix copy-and-paste code (BR Code). */
  pixCode: string;
}

/** A payment as the provider reports it when asked (never taken from a webhook's body). */
export interface ProviderPayment {
  id: string;
  status: string;
  value: number;
}

/**
 * A way to take Pix payments (billing/providers/). `pix-static` builds a BR Code for the platform's own key and is
 * confirmed by a super user; `asaas` issues a dynamic charge and confirms through its webhook.
 */
export interface PaymentProvider {
  name: PaymentProviderName;
  issuePixCharge(request: PixChargeRequest): Promise<IssuedCharge>;
  /** Asks the provider for a payment's current state (providers that confirm by webhook). */
  getPayment?(providerPaymentId: string): Promise<ProviderPayment>;
}
