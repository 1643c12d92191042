import { z } from "zod";
import { V } from "./messages.js";
import { emailSchema, idSchema, flexibleBoolean } from "./common.js";
import { userNameSchema, userPasswordSchema } from "./users.js";
import { PLAN_FLAGS, type PlanFlag, type PlanFlags } from "../permissions.js";

/** Billing recurrences (administration section 3); only MENSAL is offered in the forms. */
export const RECURRENCES = ["MENSAL", "BIMESTRAL", "TRIMESTRAL", "SEMESTRAL", "ANUAL"] as const;
export type Recurrence = (typeof RECURRENCES)[number];
export const SELECTABLE_RECURRENCES: readonly Recurrence[] = ["MENSAL"];
/** Months the due-date extension button adds per recurrence (administration section 4). */
export const RECURRENCE_MONTHS: Record<Recurrence, number> = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 };

/** Company row colours (administration section 4): due in 1 to 5 days yellow, due today or past red. */
export const COMPANY_DUE_WARNING_DAYS = 5;

export const COMPANY_NAME_MAX = 100;
export const PLAN_NAME_MAX = 100;
/** A plan's users, connections and queues: whole numbers; a bound keeps typos sane. */
export const PLAN_LIMIT_MAX = 100_000;
export const PLAN_VALUE_MAX = 1_000_000;

/** The resources a plan counts (administration section 3, Plan): creating one past the count is refused. */
export const PLAN_LIMITED_RESOURCES = ["users", "connections", "queues"] as const;
export type PlanLimitedResource = (typeof PLAN_LIMITED_RESOURCES)[number];

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** A calendar day as yyyy-MM-dd (a real date); null clears it. */
export const isoDateSchema = z
  .string({ error: V.invalid })
  .regex(ISO_DATE, V.invalid)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), V.invalid);

const companyNameSchema = z.string({ error: V.required }).trim().min(1, V.required).max(COMPANY_NAME_MAX, V.tooLong);
const phoneSchema = z
  .string({ error: V.invalid })
  .trim()
  .max(30, V.tooLong)
  .regex(/^[0-9()+\-\s]*$/, V.invalidNumber);

const companyFields = {
  name: companyNameSchema,
  email: emailSchema,
  phone: phoneSchema.optional(),
  planId: idSchema,
  status: flexibleBoolean.optional(),
  approved: flexibleBoolean.optional(),
  dueDate: isoDateSchema.nullable().optional(),
  recurrence: z.enum(RECURRENCES, { error: V.invalid }).optional(),
  campaignsEnabled: flexibleBoolean.optional(),
};

/**
 * A super user registers a company with its first admin (Settings, Register Company): the admin's e-mail and name
 * default to the company's, as the reference system's form sends only one e-mail.
 */
export const companyCreateSchema = z
  .object({
    ...companyFields,
    password: userPasswordSchema,
    adminName: userNameSchema.optional(),
    adminEmail: emailSchema.optional(),
  })
  .strict();
export type CompanyCreateInput = z.input<typeof companyCreateSchema>;
export type CompanyCreateData = z.output<typeof companyCreateSchema>;

/** Edit a company (Settings, Companies): any subset of its fields (the row's toggles send one). */
export const companyUpdateSchema = z
  .object({
    name: companyFields.name.optional(),
    email: companyFields.email.optional(),
    phone: companyFields.phone,
    planId: companyFields.planId.optional(),
    status: companyFields.status,
    approved: companyFields.approved,
    dueDate: companyFields.dueDate,
    recurrence: companyFields.recurrence,
    campaignsEnabled: companyFields.campaignsEnabled,
  })
  .strict();
export type CompanyUpdateInput = z.input<typeof companyUpdateSchema>;

export const companyIdParamsSchema = z.object({ companyId: idSchema }).strict();

const limitSchema = z.coerce
  .number({ error: V.invalid })
  .int(V.invalid)
  .min(0, V.invalid)
  .max(PLAN_LIMIT_MAX, V.invalid);

/** Money as the form sends it ("49.90", "49,90" or a number): stored with two decimals. */
const moneySchema = z
  .union([z.number({ error: V.invalid }), z.string({ error: V.invalid }).trim().max(20, V.tooLong)])
  .transform((value) => (typeof value === "string" ? Number(value.replace(",", ".")) : value))
  .pipe(z.number({ error: V.invalid }).finite(V.invalid).min(0, V.invalid).max(PLAN_VALUE_MAX, V.invalid))
  .transform((value) => value.toFixed(2));

const flagFields = Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, flexibleBoolean.optional()])) as Record<
  PlanFlag,
  z.ZodOptional<z.ZodBoolean>
>;

/** Create or edit a plan (Settings, Plans). Flags left out are false on create and unchanged on edit. */
export const planSchema = z
  .object({
    name: z.string({ error: V.required }).trim().min(1, V.required).max(PLAN_NAME_MAX, V.tooLong),
    users: limitSchema,
    connections: limitSchema,
    queues: limitSchema,
    value: moneySchema,
    /** Offered on the public signup (GET /plans/register). */
    isPublic: flexibleBoolean.optional(),
    ...flagFields,
  })
  .strict();
export type PlanInput = z.input<typeof planSchema>;
export type PlanData = z.output<typeof planSchema>;

/** A plan as the platform screens and the public lists see it (administration section 3, Plan). */
export interface PlanRecord extends PlanFlags {
  id: number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  /** Money with two decimals, as text ("49.90"). */
  value: string;
  isPublic: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A company as super users manage it (administration section 3, Company). */
export interface PlatformCompanyView {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  planId: number | null;
  plan: { id: number; name: string } | null;
  status: boolean;
  approved: boolean;
  /** yyyy-MM-dd or null (no due date). */
  dueDate: string | null;
  recurrence: Recurrence;
  campaignsEnabled: boolean;
  /** The platform's own company: never deleted, blocked or unapproved. */
  isPlatform: boolean;
  createdAt: string;
  updatedAt: string;
}

/** What deleting a company removes with it (the confirmation names it). */
export interface CompanyContents {
  users: number;
  connections: number;
  queues: number;
  contacts: number;
  tickets: number;
  messages: number;
}

/** GET /companies/{id}: the company and what it owns. */
export interface PlatformCompanyDetail extends PlatformCompanyView {
  contents: CompanyContents;
}

/** GET /companies (paged, searchable). */
export interface CompanyPage {
  companies: PlatformCompanyView[];
  count: number;
  hasMore: boolean;
}

/** GET /companies/listPlan/{companyId}: a company's plan with its use flags and limits. */
export interface CompanyPlanView {
  id: number;
  name: string;
  plan: PlanRecord | null;
}
