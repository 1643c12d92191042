import { z } from "zod";
import { V } from "./messages.js";
import { idSchema } from "./common.js";
import { contactEmailSchema, contactNameSchema, contactNumberSchema } from "./contacts.js";

/** Contact lists and their items (administration sections 2, 3, 5 and 7). */

/** Import of a spreadsheet into a list: .xls or .xlsx only (administration section 5). */
export const CONTACT_LIST_IMPORT_EXTENSIONS = [".xls", ".xlsx"] as const;
export const CONTACT_LIST_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const CONTACT_LIST_IMPORT_MAX_ROWS = 20_000;
/** The report lists this many rows; the counters cover them all. */
export const CONTACT_LIST_IMPORT_REPORT_LIMIT = 1000;

/** Contact list form: name 2 to 50 ('Too Short!', 'Too Long!', 'Required'). */
export const contactListSchema = z.object({ name: contactNameSchema }).strict();
export type ContactListInput = z.input<typeof contactListSchema>;
export type ContactListData = z.output<typeof contactListSchema>;

/** List item form: name 2 to 50, number 8 to 50 (a real number, stored normalised), a valid e-mail or empty. */
const contactListItemFields = {
  name: contactNameSchema,
  number: contactNumberSchema,
  email: contactEmailSchema.default(""),
};

/** POST /contact-list-items. `companyId` is accepted and ignored: the session says which company. */
export const contactListItemCreateSchema = z
  .object({ ...contactListItemFields, contactListId: idSchema, companyId: z.unknown().optional() })
  .strict();
export type ContactListItemCreateInput = z.input<typeof contactListItemCreateSchema>;
export type ContactListItemCreateData = z.output<typeof contactListItemCreateSchema>;

/** PUT /contact-list-items/{id}: the item stays in its list. */
export const contactListItemUpdateSchema = z
  .object({ ...contactListItemFields, contactListId: idSchema.optional(), companyId: z.unknown().optional() })
  .strict();
export type ContactListItemUpdateInput = z.input<typeof contactListItemUpdateSchema>;
export type ContactListItemUpdateData = z.output<typeof contactListItemUpdateSchema>;

/** GET /contact-list-items: a list's items, searched by name, number or e-mail, a page at a time. */
export const contactListItemsQuerySchema = z.object({
  contactListId: idSchema,
  searchParam: z.string().max(200, V.tooLong).optional(),
  pageNumber: z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(100_000, V.invalid).default(1),
  companyId: z.unknown().optional(),
});

/** GET /contact-lists/list: every list, for pickers (the campaign dialog); `companyId` is ignored. */
export const contactListOptionsQuerySchema = z.object({
  searchParam: z.string().max(200, V.tooLong).optional(),
  companyId: z.unknown().optional(),
});

/** A contact list as the API answers it (administration section 3). */
export interface ContactListView {
  id: number;
  name: string;
  companyId: number;
  contactsCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface ContactListPage {
  records: ContactListView[];
  hasMore: boolean;
  count: number;
}

/** A list item (administration section 3). `isWhatsappValid` is null until a connected connection checked it. */
export interface ContactListItemView {
  id: number;
  name: string;
  /** E.164 digits without "+", Brazilian mobiles with the ninth digit. */
  number: string;
  email: string;
  isWhatsappValid: boolean | null;
  companyId: number;
  contactListId: number;
  createdAt: string;
  updatedAt: string;
}

export interface ContactListItemPage {
  contacts: ContactListItemView[];
  hasMore: boolean;
  count: number;
}

export const CONTACT_LIST_IMPORT_ROW_STATUSES = ["imported", "duplicate", "invalid-number"] as const;
export type ContactListImportRowStatus = (typeof CONTACT_LIST_IMPORT_ROW_STATUSES)[number];

/** One row of the import report. `row` is the spreadsheet's row number (the header is row 1). */
export interface ContactListImportRow {
  row: number;
  status: ContactListImportRowStatus;
  name?: string;
  number?: string;
}

/** Why a whole import failed; the items page translates them (contactLists.import.errors.*). */
export const CONTACT_LIST_IMPORT_ERRORS = ["unreadableFile", "noNumberColumn", "tooManyRows", "fileMissing", "internal"] as const;
export type ContactListImportError = (typeof CONTACT_LIST_IMPORT_ERRORS)[number];

export interface ContactListImportView {
  id: number;
  contactListId: number;
  fileName: string;
  status: "queued" | "running" | "done" | "failed";
  total: number;
  processed: number;
  imported: number;
  duplicates: number;
  invalid: number;
  /** The first CONTACT_LIST_IMPORT_REPORT_LIMIT rows of the report, by row number. */
  rows: ContactListImportRow[];
  error: ContactListImportError | null;
  createdAt: string;
  finishedAt: string | null;
}

/** Payload of `company-{id}-ContactList`. */
export type ContactListEventPayload =
  | { action: "create" | "update"; record: ContactListView }
  | { action: "delete"; id: number };

/**
 * Payload of `company-{id}-ContactListItem`: an item created, changed (also when its WhatsApp check lands) or deleted;
 * `import` while a spreadsheet import into one of the company's lists progresses and when it ends.
 */
export type ContactListItemEventPayload =
  | { action: "create" | "update"; record: ContactListItemView }
  | { action: "delete"; id: number; contactListId: number }
  | { action: "import"; import: ContactListImportView };
