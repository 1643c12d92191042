import { z } from "zod";
import { AppError } from "../../errors.js";
import type { PaymentProvider, ProviderPayment } from "./provider.js";

/** Asaas's production API (v3); ASAAS_API_URL points elsewhere (its sandbox, or the tests' fake). */
export const ASAAS_PRODUCTION_URL = "https://api.asaas.com/v3";

const TIMEOUT_MS = 10_000;
/** Reads are retried (network failures, 5xx); writes are not, so a charge is never created twice by us. */
const READ_ATTEMPTS = 3;

const customerList = z.object({ data: z.array(z.object({ id: z.string() })) });
const customer = z.object({ id: z.string() });
const payment = z.object({ id: z.string(), status: z.string(), value: z.coerce.number() });
const pixQrCode = z.object({ payload: z.string().min(1) });
const errorBody = z.object({ errors: z.array(z.object({ code: z.string().optional(), description: z.string().optional() })) });

export interface AsaasOptions {
  apiKey: string;
  baseUrl: string;
  fetch?: typeof fetch;
}

/**
 * The Asaas API (docs.asaas.com, v3): customers, PIX payments and their QR codes. The key travels in the
 * `access_token` header. A refusal becomes ERR_PAYMENT_PROVIDER (502) with Asaas's first error description.
 */
export function createAsaasClient(opts: AsaasOptions) {
  const base = opts.baseUrl.replace(/\/+$/, "");
  const doFetch = opts.fetch ?? fetch;

  async function call<T>(schema: z.ZodType<T>, method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    const attempts = method === "GET" ? READ_ATTEMPTS : 1;
    let lastError: unknown;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      let res: Response;
      try {
        res = await doFetch(`${base}${path}`, {
          method,
          headers: { access_token: opts.apiKey, "content-type": "application/json", accept: "application/json", "user-agent": "Atendo" },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(TIMEOUT_MS),
          redirect: "error",
        });
      } catch (err) {
        lastError = new AppError("ERR_PAYMENT_PROVIDER", 502, { provider: "asaas", reason: (err as Error).name });
        continue;
      }
      if (res.status >= 500 && attempt < attempts) {
        lastError = new AppError("ERR_PAYMENT_PROVIDER", 502, { provider: "asaas", status: res.status });
        continue;
      }
      const json: unknown = await res.json().catch(() => null);
      if (!res.ok) {
        const parsed = errorBody.safeParse(json);
        const message = parsed.success ? parsed.data.errors[0]?.description : undefined;
        throw new AppError("ERR_PAYMENT_PROVIDER", 502, { provider: "asaas", status: res.status, ...(message ? { message } : {}) });
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) throw new AppError("ERR_PAYMENT_PROVIDER", 502, { provider: "asaas", reason: "unexpected answer" });
      return parsed.data;
    }
    throw lastError;
  }

  return {
    findCustomer: async (externalReference: string) =>
      (await call(customerList, "GET", `/customers?externalReference=${encodeURIComponent(externalReference)}`)).data[0] ?? null,
    createCustomer: (input: { name: string; cpfCnpj?: string; email?: string; postalCode?: string; address?: string; externalReference: string }) =>
      call(customer, "POST", "/customers", { ...input, notificationDisabled: true }),
    createPayment: (input: { customer: string; value: number; dueDate: string; description: string; externalReference: string }) =>
      call(payment, "POST", "/payments", { ...input, billingType: "PIX" }),
    getPayment: (id: string) => call(payment, "GET", `/payments/${encodeURIComponent(id)}`),
    getPixQrCode: (id: string) => call(pixQrCode, "GET", `/payments/${encodeURIComponent(id)}/pixQrCode`),
  };
}

/**
 * Asaas: one customer per company (found by externalReference `company-{id}`), one PIX payment per invoice
 * (externalReference `invoice-{id}`), reused when the checkout is opened again. Paid when its webhook says so and
 * Asaas, asked again, agrees on the status and the amount.
 */
export function createAsaasProvider(opts: AsaasOptions): PaymentProvider {
  const client = createAsaasClient(opts);
  return {
    name: "asaas",
    async issuePixCharge({ invoice, company, payer, today }) {
      let paymentId = invoice.providerPaymentId;
      if (!paymentId) {
        const reference = `company-${company.id}`;
        const found = await client.findCustomer(reference);
        const customerId =
          found?.id ??
          (
            await client.createCustomer({
              name: payer.name || company.name,
              ...(payer.cpfCnpj ? { cpfCnpj: payer.cpfCnpj } : {}),
              ...(company.email ? { email: company.email } : {}),
              postalCode: payer.zipcode,
              address: payer.address,
              externalReference: reference,
            })
          ).id;
        const created = await client.createPayment({
          customer: customerId,
          value: Number(invoice.value),
          // Asaas refuses a due date in the past: an overdue invoice is charged as due today.
          dueDate: invoice.dueDate < today ? today : invoice.dueDate,
          description: invoice.detail,
          externalReference: `invoice-${invoice.id}`,
        });
        paymentId = created.id;
      }
      const qr = await client.getPixQrCode(paymentId);
      return { providerPaymentId: paymentId, pixCode: qr.payload };
    },
    async getPayment(id: string): Promise<ProviderPayment> {
      return client.getPayment(id);
    },
  };
}

/** Payment statuses that mean the money is ours (CONFIRMED: paid, not yet available; RECEIVED: available). */
export const ASAAS_PAID_STATUSES = ["CONFIRMED", "RECEIVED", "RECEIVED_IN_CASH"];
/** Webhook events that confirm a payment. */
export const ASAAS_PAYMENT_EVENTS = ["PAYMENT_RECEIVED", "PAYMENT_CONFIRMED"];
