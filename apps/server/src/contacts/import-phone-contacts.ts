import { sql } from "drizzle-orm";
import { CONTACT_NAME_MAX, normalizeNumber } from "@atendo/shared";
import type { AppDeps } from "../app-deps.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { contacts } from "../db/schema.js";
import { AppError } from "../errors.js";
import { getDefaultWhatsapp } from "../connections/get-default-whatsapp.js";
import { ProviderError } from "../whatsapp/provider.js";

export interface PhoneImportResult {
  total: number;
  created: number;
  updated: number;
  /** Entries without a usable phone number (LID only, or not a number). */
  skipped: number;
}

/**
 * POST /contacts/import: copies the phone's address book, as the company's default connection knows it, into the
 * contacts. Keyed like everything else by the canonical number (ON CONFLICT: a re-run never duplicates). The phone's
 * name only fills a contact whose name is empty or just its number: names people typed here are never overwritten.
 */
export async function importPhoneContacts(deps: Pick<AppDeps, "db" | "sessions">, auth: AuthContext): Promise<PhoneImportResult> {
  const connection = await getDefaultWhatsapp(deps.db, auth.companyId).catch(() => {
    throw new AppError("ERR_NO_DEF_WAPP_FOUND", 400);
  });
  let book;
  try {
    book = await deps.sessions.call(connection.id, "listContacts");
  } catch (err) {
    throw new AppError(err instanceof ProviderError && err.code !== "ERR_NOT_SUPPORTED" ? err.code : "ERR_WAPP_NOT_INITIALIZED", 400);
  }
  const rows = new Map<string, { name: string; number: string; canonical: string }>();
  let skipped = 0;
  for (const entry of book) {
    const normalized = entry.number ? normalizeNumber(entry.number) : undefined;
    if (!normalized?.valid) {
      skipped++;
      continue;
    }
    const name = (entry.name ?? entry.pushName ?? "").trim().slice(0, CONTACT_NAME_MAX) || normalized.number;
    rows.set(normalized.canonical, { name, number: normalized.number, canonical: normalized.canonical });
  }
  const result: PhoneImportResult = { total: book.length, created: 0, updated: 0, skipped };
  const values = [...rows.values()];
  for (let i = 0; i < values.length; i += 500) {
    const written = await deps.db
      .insert(contacts)
      .values(values.slice(i, i + 500).map((r) => ({ companyId: auth.companyId, name: r.name, number: r.number, canonicalNumber: r.canonical, whatsappId: connection.id })))
      .onConflictDoUpdate({
        target: [contacts.companyId, contacts.canonicalNumber],
        set: {
          name: sql`case when ${contacts.name} = '' or ${contacts.name} = ${contacts.number} then excluded.name else ${contacts.name} end`,
          number: sql`case when ${contacts.number} = '' then excluded.number else ${contacts.number} end`,
          updatedAt: new Date(),
        },
      })
      // xmax is 0 only on a row this statement inserted.
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    for (const w of written) {
      if (w.inserted) result.created++;
      else result.updated++;
    }
  }
  return result;
}
