import { CONTACT_IMPORT_REPORT_LIMIT, type ContactDetailView, type ContactImportError, type ContactImportView, type ContactView } from "@atendo/shared";
import type { contactExtraInfo, contactImports, contacts } from "../db/schema.js";

type ContactRow = typeof contacts.$inferSelect;
type ExtraInfoRow = typeof contactExtraInfo.$inferSelect;
type ContactImportRow = typeof contactImports.$inferSelect;

/** What leaves the server about a contact: never the canonical number or the LID (identity keys of ingestion). */
export function presentContact(contact: ContactRow): ContactView {
  return {
    id: contact.id,
    name: contact.name,
    number: contact.number,
    email: contact.email,
    profilePicUrl: contact.profilePicUrl,
    isGroup: contact.isGroup,
    active: contact.active,
    canChat: contact.isGroup || contact.number !== "" || contact.lid !== null,
    whatsappId: contact.whatsappId,
    createdAt: contact.createdAt.toISOString(),
    updatedAt: contact.updatedAt.toISOString(),
  };
}

export function presentContactDetail(contact: ContactRow, extraInfo: ExtraInfoRow[]): ContactDetailView {
  return {
    ...presentContact(contact),
    extraInfo: [...extraInfo].sort((a, b) => a.id - b.id).map((e) => ({ id: e.id, name: e.name, value: e.value })),
  };
}

/** An import's progress and report; the file's place in storage stays on the server. */
export function presentContactImport(row: ContactImportRow): ContactImportView {
  return {
    id: row.id,
    fileName: row.fileName,
    status: row.status,
    total: row.total,
    processed: row.processed,
    created: row.created,
    updated: row.updated,
    // Every processed row is created, updated or rejected; only the first rejected rows are kept for the report.
    rejectedCount: Math.max(0, row.processed - row.created - row.updated),
    rejected: row.rejected.slice(0, CONTACT_IMPORT_REPORT_LIMIT).map((r) => ({ ...r, value: r.value ?? "" })),
    error: (row.error as ContactImportError | null) ?? null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
