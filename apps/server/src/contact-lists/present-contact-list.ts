import {
  CONTACT_LIST_IMPORT_REPORT_LIMIT,
  type ContactListImportError,
  type ContactListImportView,
  type ContactListItemView,
  type ContactListView,
} from "@atendo/shared";
import type { contactListImports, contactListItems, contactLists } from "../db/schema.js";

type ContactListRow = typeof contactLists.$inferSelect;
type ContactListItemRow = typeof contactListItems.$inferSelect;
type ContactListImportRow = typeof contactListImports.$inferSelect;

/** What leaves the server about a list; contactsCount is counted by the caller. */
export function presentContactList(row: ContactListRow, contactsCount = 0): ContactListView {
  return {
    id: row.id,
    name: row.name,
    companyId: row.companyId,
    contactsCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentContactListItem(row: ContactListItemRow): ContactListItemView {
  return {
    id: row.id,
    name: row.name,
    number: row.number,
    email: row.email,
    isWhatsappValid: row.isWhatsappValid,
    companyId: row.companyId,
    contactListId: row.contactListId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** An import's progress and report; the file's place in storage stays on the server. */
export function presentContactListImport(row: ContactListImportRow): ContactListImportView {
  return {
    id: row.id,
    contactListId: row.contactListId,
    fileName: row.fileName,
    status: row.status,
    total: row.total,
    processed: row.processed,
    imported: row.imported,
    duplicates: row.duplicates,
    invalid: row.invalid,
    rows: row.rows.slice(0, CONTACT_LIST_IMPORT_REPORT_LIMIT),
    error: (row.error as ContactListImportError | null) ?? null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
