import { z } from "zod";
import { V } from "./messages.js";
import { idSchema } from "./common.js";
import { RECURRENCE_MONTHS, type Recurrence } from "./platform.js";

/** Months a paid invoice moves the due date by the company's recurrence (RECURRENCE_MONTHS); unknown counts as monthly. */
export function recurrenceMonths(recurrence: string | null | undefined): number {
  return RECURRENCE_MONTHS[recurrence as Recurrence] ?? 1;
}

/** The checkout's country options (administration section 9). */
export const CHECKOUT_COUNTRIES = ["BR", "usa"] as const;

/**
 * Card fields of the original checkout and their usual spellings. This product takes Pix only: a body carrying any
 * of them is refused (ERR_CARD_NOT_ACCEPTED) before validation, and its values are never stored or logged.
 */
export const CARD_FIELD_NAMES = [
  "nameOnCard",
  "cardNumber",
  "expiryDate",
  "cvv",
  "cvc",
  "ccv",
  "creditCard",
  "creditCardNumber",
  "creditCardHolderInfo",
  "creditCardToken",
  "securityCode",
  "cardHolder",
  "cardExpiry",
] as const;

/** True when an object (a request body) carries a card field, at its top level or under `creditCard`-like keys. */
export function hasCardFields(body: unknown): boolean {
  if (!body || typeof body !== "object" || Array.isArray(body)) return false;
  const keys = Object.keys(body).map((k) => k.toLowerCase());
  return CARD_FIELD_NAMES.some((name) => keys.includes(name.toLowerCase()));
}

const text = (max: number) => z.string({ error: V.required }).trim().min(1, V.required).max(max, V.tooLong);
const optionalText = (max: number) => z.string({ error: V.invalid }).trim().max(max, V.tooLong).optional();

/**
 * POST /subscription (administration section 7). The address fields of step "Data" (section 5: full name, address,
 * city, postcode and country required); plan, price, users and connections are what the client showed and are
 * ignored: the amount is always the invoice's. `cpfCnpj` is the payer's document, which Asaas needs for a customer.
 */
export const subscriptionSchema = z.object({
  firstName: text(100),
  lastName: optionalText(100),
  address2: text(200),
  city: text(100),
  state: optionalText(100),
  zipcode: text(20),
  country: z.enum(CHECKOUT_COUNTRIES, { error: V.invalid }),
  cpfCnpj: z
    .string({ error: V.invalid })
    .trim()
    .transform((v) => v.replace(/\D/g, ""))
    .refine((v) => v === "" || v.length === 11 || v.length === 14, V.invalid)
    .optional(),
  plan: z.union([z.string().max(4000, V.tooLong), z.record(z.string(), z.unknown())], { error: V.invalid }).optional(),
  price: z.union([z.number(), z.string().max(40, V.tooLong)], { error: V.invalid }).optional(),
  users: z.union([z.number(), z.string().max(40, V.tooLong)], { error: V.invalid }).optional(),
  connections: z.union([z.number(), z.string().max(40, V.tooLong)], { error: V.invalid }).optional(),
  invoiceId: idSchema.optional(),
});
export type SubscriptionInput = z.input<typeof subscriptionSchema>;
export type SubscriptionData = z.output<typeof subscriptionSchema>;

export const INVOICE_STATUSES = ["open", "paid"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** An invoice as the API answers it (administration section 3, Invoice). Money is a decimal string ("99.90"). */
export interface InvoiceView {
  id: number;
  detail: string;
  value: string;
  /** yyyy-MM-dd */
  dueDate: string;
  status: InvoiceStatus;
  paidAt: string | null;
  createdAt: string;
  /** Only in the super users' list of every company's invoices. */
  company?: { id: number; name: string };
}

export interface InvoicePage {
  invoices: InvoiceView[];
  count: number;
  hasMore: boolean;
}

/** The answer of POST /subscription: the spec's Pix payment (qrcode, valor.original) plus what the screen needs. */
export interface PixCharge {
  invoiceId: number;
  provider: PaymentProviderName;
  /** `qrcode` is the Pix copy-and-paste code (BR Code), which the client draws as the QR code. */
  qrcode: { qrcode: string };
  valor: { original: string };
  /** yyyy-MM-dd */
  dueDate: string;
}

export const PAYMENT_PROVIDER_NAMES = ["pix-static", "asaas"] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDER_NAMES)[number];

/** GET /subscription: the Assinatura page. */
export interface SubscriptionView {
  company: { id: number; name: string; email: string | null; dueDate: string | null; recurrence: string };
  plan: { id: number; name: string; value: string; users: number; connections: number; queues: number } | null;
  /** The oldest unpaid invoice, if any. */
  openInvoice: InvoiceView | null;
}

/** After the payment event, the checkout screen goes home after 4 s (administration section 9). */
export const PAYMENT_REDIRECT_MS = 4_000;
/** The Pix QR code's size in pixels (administration section 9). */
export const PIX_QR_SIZE = 256;

/** Payload of `company-{id}-payment` (administration section 7). */
export interface PaymentEventPayload {
  action: "CONCLUIDA";
  company: { dueDate: string };
}

/** Display states of an invoice (administration section 4). */
export type InvoiceDisplayStatus = "paid" | "overdue" | "open";

/** Pago when paid; Vencido when its due date is before today and it is not paid; otherwise Em Aberto. */
export function invoiceDisplayStatus(invoice: { status: string; dueDate: string }, today: string): InvoiceDisplayStatus {
  if (invoice.status === "paid") return "paid";
  return invoice.dueDate < today ? "overdue" : "open";
}

/** Whole days from `today` to `date` (both yyyy-MM-dd), rounded up; negative when past. */
export function daysUntil(date: string, now: Date = new Date()): number {
  const target = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(target)) return 0;
  return Math.ceil((target - now.getTime()) / 86_400_000);
}

/**
 * A company past its due date (but active and approved) keeps its admins a billing-only session: they can sign in and
 * reach the subscription and invoices, and nothing else, so that they can pay. Everyone else is refused as before.
 */
export function isBillingOnly(user: { profile: string }, company: { dueDate: string | null }, today: string): boolean {
  return user.profile === "admin" && company.dueDate !== null && company.dueDate < today;
}
