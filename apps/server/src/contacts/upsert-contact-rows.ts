import { and, inArray, sql } from "drizzle-orm";
import { contactImportRowSchema, normalizeNumber, V, type ContactImportRejectedRow } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { contactExtraInfo, contacts } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import type { SheetRow } from "./read-contact-sheet.js";

interface ValidRow {
  row: number;
  name: string;
  number: string;
  canonical: string;
  email: string;
  extraInfo: { name: string; value: string }[];
}

export interface UpsertOutcome {
  created: number;
  updated: number;
  rejected: ContactImportRejectedRow[];
}

const FIELDS = ["name", "number", "email", "extraInfo"] as const;

/** The contact form's rules with the number required (contactImportRowSchema), so a row is refused for the same reason the form would be. */
function validate(sheetRow: SheetRow): ValidRow | ContactImportRejectedRow {
  const parsed = contactImportRowSchema.safeParse({
    name: sheetRow.name,
    number: sheetRow.number,
    email: sheetRow.email,
    extraInfo: sheetRow.extraInfo,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = FIELDS.find((f) => f === issue.path[0]) ?? "extraInfo";
    const value = field === "extraInfo" ? "" : sheetRow[field];
    return { row: sheetRow.row, field, reason: issue.message.startsWith("validation.") ? issue.message : V.invalid, value };
  }
  const normalized = normalizeNumber(parsed.data.number);
  if (!normalized.valid) return { row: sheetRow.row, field: "number", reason: V.invalidNumber, value: sheetRow.number };
  return { row: sheetRow.row, ...parsed.data, number: normalized.number, canonical: normalized.canonical };
}

/** Runs of rows without a repeated number: one INSERT ... ON CONFLICT cannot touch the same row twice. */
function withoutRepeats(rows: ValidRow[]): ValidRow[][] {
  const runs: ValidRow[][] = [];
  let current: ValidRow[] = [];
  let seen = new Set<string>();
  for (const row of rows) {
    if (seen.has(row.canonical)) {
      runs.push(current);
      current = [];
      seen = new Set();
    }
    current.push(row);
    seen.add(row.canonical);
  }
  if (current.length) runs.push(current);
  return runs;
}

/**
 * Writes a batch of spreadsheet rows: each valid row creates its contact or updates the one with the same canonical
 * number (ON CONFLICT, so a re-run never duplicates and a race never fails). An update takes the sheet's name, its
 * e-mail when it has one, and keeps the number WhatsApp already knows. Extra info columns replace the same-named rows.
 */
export async function upsertContactRows(tx: DbOrTx, companyId: number, sheetRows: SheetRow[]): Promise<UpsertOutcome> {
  const outcome: UpsertOutcome = { created: 0, updated: 0, rejected: [] };
  const valid: ValidRow[] = [];
  for (const sheetRow of sheetRows) {
    const result = validate(sheetRow);
    if ("reason" in result) outcome.rejected.push(result);
    else valid.push(result);
  }

  for (const run of withoutRepeats(valid)) {
    const written = await tx
      .insert(contacts)
      .values(run.map((r) => ({ companyId, name: r.name, number: r.number, canonicalNumber: r.canonical, email: r.email })))
      .onConflictDoUpdate({
        target: [contacts.companyId, contacts.canonicalNumber],
        set: {
          name: sql`excluded.name`,
          email: sql`case when excluded.email <> '' then excluded.email else ${contacts.email} end`,
          number: sql`case when ${contacts.number} = '' then excluded.number else ${contacts.number} end`,
          updatedAt: new Date(),
        },
      })
      // xmax is 0 only on a row this statement inserted: how PostgreSQL tells an insert from an update here.
      .returning({ id: contacts.id, canonical: contacts.canonicalNumber, inserted: sql<boolean>`(xmax = 0)` });
    const idOf = new Map(written.map((w) => [w.canonical, w.id]));
    for (const w of written) {
      if (w.inserted) outcome.created++;
      else outcome.updated++;
    }

    const extra = run.flatMap((r) => r.extraInfo.map((e) => ({ contactId: idOf.get(r.canonical)!, ...e })));
    if (extra.length) {
      const pairs = sql.join(
        extra.map((e) => sql`(${e.contactId}, ${e.name})`),
        sql`, `,
      );
      await tx.delete(contactExtraInfo).where(
        inCompany(
          contactExtraInfo,
          companyId,
          and(
            inArray(contactExtraInfo.contactId, [...new Set(extra.map((e) => e.contactId))]),
            sql`(${contactExtraInfo.contactId}, ${contactExtraInfo.name}) in (${pairs})`,
          ),
        ),
      );
      await tx.insert(contactExtraInfo).values(extra.map((e) => ({ companyId, ...e })));
    }
  }
  return outcome;
}
