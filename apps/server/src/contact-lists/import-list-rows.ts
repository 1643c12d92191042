import { and, eq, inArray } from "drizzle-orm";
import { CONTACT_NAME_MAX, CONTACT_NAME_MIN, contactEmailSchema, normalizeNumber, type ContactListImportRow } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { contactListItems } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";

/** A spreadsheet row as the contacts' sheet reader gives it (contacts/read-contact-sheet.ts). */
export interface ListSheetRow {
  row: number;
  name: string;
  number: string;
  email: string;
}

/**
 * Writes a batch of rows into a list and says what became of each: `invalid-number` when the number is no phone
 * number (normalised like contacts: E.164, Brazilian mobiles with the ninth digit); `duplicate` when the list already
 * has it (from before, or an earlier row of the sheet); `imported` otherwise. A row without a name (or a one-letter one)
 * takes its number as name, a name longer than the form allows is cut, an invalid e-mail is left out: only the number decides a row.
 */
export async function importListRows(
  tx: DbOrTx,
  companyId: number,
  contactListId: number,
  rows: ListSheetRow[],
): Promise<ContactListImportRow[]> {
  const report: ContactListImportRow[] = [];
  const fresh = new Map<string, { row: ListSheetRow; name: string; email: string }>();
  const pending: { row: ListSheetRow; number: string }[] = [];
  for (const row of rows) {
    const normalized = normalizeNumber(row.number);
    if (!normalized.valid) {
      report.push({ row: row.row, status: "invalid-number", name: row.name, number: row.number });
      continue;
    }
    pending.push({ row, number: normalized.canonical });
  }

  const numbers = [...new Set(pending.map((p) => p.number))];
  const existing = numbers.length
    ? await tx
        .select({ number: contactListItems.number })
        .from(contactListItems)
        .where(inCompany(contactListItems, companyId, and(eq(contactListItems.contactListId, contactListId), inArray(contactListItems.number, numbers))))
    : [];
  const taken = new Set(existing.map((e) => e.number));
  for (const { row, number } of pending) {
    if (taken.has(number) || fresh.has(number)) {
      report.push({ row: row.row, status: "duplicate", name: row.name, number });
      continue;
    }
    const typed = row.name.trim();
    const name = typed.length >= CONTACT_NAME_MIN ? typed.slice(0, CONTACT_NAME_MAX) : number;
    const email = contactEmailSchema.safeParse(row.email);
    fresh.set(number, { row, name, email: email.success ? email.data : "" });
  }

  if (fresh.size) {
    // ON CONFLICT: a number added by hand between the read above and this write counts as a duplicate, never an error.
    const inserted = await tx
      .insert(contactListItems)
      .values([...fresh].map(([number, f]) => ({ companyId, contactListId, name: f.name, number, email: f.email })))
      .onConflictDoNothing()
      .returning({ number: contactListItems.number });
    const written = new Set(inserted.map((i) => i.number));
    for (const [number, f] of fresh) {
      report.push({ row: f.row.row, status: written.has(number) ? "imported" : "duplicate", name: f.name, number });
    }
  }
  return report.sort((a, b) => a.row - b.row);
}
