import { z } from "zod";
import { V } from "./messages.js";
import { CONTACT_NAME_MAX, CONTACT_NAME_MIN, CONTACT_NUMBER_MAX, CONTACT_NUMBER_MIN } from "../constants.js";
import { normalizeNumber } from "../phone.js";

/** Extra info rows of one contact (name/value pairs), and how long each part may be. */
export const CONTACT_EXTRA_INFO_MAX_ROWS = 50;
export const CONTACT_EXTRA_INFO_NAME_MAX = 100;
export const CONTACT_EXTRA_INFO_VALUE_MAX = 1000;
/** GET /contacts/list answers at most this many (pickers search; they do not page). */
export const CONTACT_OPTIONS_LIMIT = 100;

/** Spreadsheet import (core-service sections 2 and 5; .csv is ours). */
export const CONTACT_IMPORT_EXTENSIONS = [".xls", ".xlsx", ".csv"] as const;
export const CONTACT_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const CONTACT_IMPORT_MAX_ROWS = 20_000;
/** The report lists this many rejected rows; the count covers them all. */
export const CONTACT_IMPORT_REPORT_LIMIT = 500;

/** Contact form (core-service section 5): name 2 to 50 (Too Short!/Too Long!/Required). */
export const contactNameSchema = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .min(CONTACT_NAME_MIN, V.tooShort)
  .max(CONTACT_NAME_MAX, V.tooLong);

/**
 * Number 8 to 50 characters as typed, and a real phone number (the server stores it normalised). Written as one
 * string schema, not a union with "", so that each failure keeps its own message (Too Short!, Required, ...).
 */
function numberSchema(allowEmpty: boolean) {
  return z
    .string({ error: V.required })
    .trim()
    .superRefine((value, ctx) => {
      const fail = (message: string) => ctx.addIssue({ code: "custom", message });
      if (value === "") return allowEmpty ? undefined : fail(V.required);
      if (value.length < CONTACT_NUMBER_MIN) return fail(V.tooShort);
      if (value.length > CONTACT_NUMBER_MAX) return fail(V.tooLong);
      if (!normalizeNumber(value).valid) return fail(V.invalidNumber);
    });
}
export const contactNumberSchema = numberSchema(false);

const emailOf = z.email();
/** A valid e-mail, or empty (Invalid email). */
export const contactEmailSchema = z
  .string({ error: V.invalid })
  .trim()
  .toLowerCase()
  .max(254, V.tooLong)
  .refine((value) => value === "" || emailOf.safeParse(value).success, V.invalidEmail);

export const contactExtraInfoSchema = z
  .object({
    id: z.number({ error: V.invalid }).int(V.invalid).positive(V.invalid).optional(),
    name: z.string({ error: V.required }).trim().min(1, V.required).max(CONTACT_EXTRA_INFO_NAME_MAX, V.tooLong),
    value: z.string({ error: V.invalid }).trim().max(CONTACT_EXTRA_INFO_VALUE_MAX, V.tooLong).default(""),
  })
  .strict();

const contactFields = {
  name: contactNameSchema,
  email: contactEmailSchema.default(""),
  extraInfo: z.array(contactExtraInfoSchema, { error: V.invalid }).max(CONTACT_EXTRA_INFO_MAX_ROWS, V.tooLong).default([]),
};

/**
 * POST /contacts: the core spec's contact form makes the number optional (section 5, "optional in one form"), so a
 * contact may be saved without one; such a contact cannot start a WhatsApp chat (ERR_WAPP_INVALID_CONTACT).
 */
export const contactCreateSchema = z.object({ ...contactFields, number: numberSchema(true).default("") }).strict();
export type ContactCreateInput = z.input<typeof contactCreateSchema>;
export type ContactCreateData = z.output<typeof contactCreateSchema>;

/** Each row of a spreadsheet import: the other form's reading (number required, at least 8), since a row is a number. */
export const contactImportRowSchema = z.object({ ...contactFields, number: contactNumberSchema }).strict();

/**
 * PUT /contacts/{id}: the number may be empty for a contact saved without one or known by LID alone (checked by the
 * server: a contact that has a number and no LID keeps one, so its conversations stay reachable).
 */
export const contactUpdateSchema = z
  .object({ ...contactFields, number: numberSchema(true).default("") })
  .strict();
export type ContactUpdateInput = z.input<typeof contactUpdateSchema>;
export type ContactUpdateData = z.output<typeof contactUpdateSchema>;

export const contactOptionsQuerySchema = z.object({
  searchParam: z.string({ error: V.invalid }).max(200, V.tooLong).optional(),
});

export interface ContactExtraInfoView {
  id: number;
  name: string;
  value: string;
}

/** A contact as lists answer it (core-service section 3). The canonical number and the LID stay on the server. */
export interface ContactView {
  id: number;
  name: string;
  /** E.164 digits without "+"; empty for a contact known only by LID. */
  number: string;
  email: string;
  profilePicUrl: string | null;
  isGroup: boolean;
  active: boolean;
  /** False for a contact saved without a number (and unknown to WhatsApp by LID): it cannot start a WhatsApp chat. */
  canChat: boolean;
  whatsappId: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface ContactDetailView extends ContactView {
  extraInfo: ContactExtraInfoView[];
}

export interface ContactPage {
  contacts: ContactView[];
  count: number;
  hasMore: boolean;
}

/** GET /contacts/list: what pickers need. */
export interface ContactOption {
  id: number;
  name: string;
  number: string;
  email: string;
}

/** Whether a number has WhatsApp; "unchecked" when no connected provider could say. */
export type WhatsAppNumberCheck = "valid" | "invalid" | "unchecked";

/** POST /contacts: the new contact (201), or the one that already has the number (200, nothing created). */
export type ContactCreateResult =
  | (ContactDetailView & { alreadyExists: false; invalido: boolean; whatsappCheck: WhatsAppNumberCheck })
  | { alreadyExists: true; existingContact: ContactDetailView };

export const CONTACT_IMPORT_STATUSES = ["queued", "running", "done", "failed"] as const;
export type ContactImportStatus = (typeof CONTACT_IMPORT_STATUSES)[number];

/** Why a whole import failed; the contacts page translates them (contacts.import.errors.*). */
export const CONTACT_IMPORT_ERRORS = ["unreadableFile", "noNumberColumn", "tooManyRows", "fileMissing", "internal"] as const;
export type ContactImportError = (typeof CONTACT_IMPORT_ERRORS)[number];

export interface ContactImportRejectedRow {
  /** The spreadsheet's row number (the header is row 1). */
  row: number;
  field?: "name" | "number" | "email" | "extraInfo";
  /** A validation key (V) or an error code. */
  reason: string;
  value: string;
}

export interface ContactImportView {
  id: number;
  fileName: string;
  status: ContactImportStatus;
  total: number;
  processed: number;
  created: number;
  updated: number;
  rejectedCount: number;
  /** The first CONTACT_IMPORT_REPORT_LIMIT rejected rows. */
  rejected: ContactImportRejectedRow[];
  error: ContactImportError | null;
  createdAt: string;
  finishedAt: string | null;
}

/** Payload of `company-{id}-contact`. */
export type ContactEventPayload = { action: "create" | "update"; contact: ContactDetailView } | { action: "delete"; contactId: number };

/** Payload of `company-{id}-contactImport` (ours): progress of a spreadsheet import. */
export interface ContactImportEventPayload {
  action: "update";
  import: ContactImportView;
}
