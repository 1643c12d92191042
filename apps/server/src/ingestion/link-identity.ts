import { eq, or } from "drizzle-orm";
import { canonicalNumber } from "@atendo/shared";
import type { ConnectionRef } from "../whatsapp/sessions/session-manager.js";
import type { ProviderEvent } from "../whatsapp/provider.js";
import { inCompany } from "../db/tenant.js";
import { contacts } from "../db/schema.js";
import { inTransaction } from "../tickets/in-transaction.js";
import { mergeContacts } from "./merge-contacts.js";
import type { IngestDeps } from "./ingest-message.js";

type IdentityEvent = Extract<ProviderEvent, { type: "identity" }>;

/**
 * WhatsApp told us that a LID and a number are one person. One contact known: it gets the other key. Two contacts
 * (one by number, one by LID): merged into the number's contact (see merge-contacts.ts). None: nothing to link yet
 * (the next message of that person creates the contact with both keys when the provider gives both).
 */
export async function linkIdentity(deps: IngestDeps, connection: ConnectionRef, event: IdentityEvent): Promise<"none" | "linked" | "merged" | "unchanged"> {
  const digits = event.number.replace(/\D/g, "");
  if (!digits || !event.lid) return "none";
  const canonical = canonicalNumber(digits);
  return inTransaction(deps.db, deps.logger, async (tx) => {
    const rows = await tx
      .select()
      .from(contacts)
      .where(inCompany(contacts, connection.companyId, or(eq(contacts.canonicalNumber, canonical), eq(contacts.lid, event.lid))))
      .for("update");
    const byNumber = rows.find((r) => r.canonicalNumber === canonical);
    const byLid = rows.find((r) => r.lid === event.lid);
    if (!byNumber && !byLid) return "none";
    if (byNumber && byLid && byNumber.id !== byLid.id) {
      // The LID row's lid must go before the kept row can take it (unique per company).
      await tx.update(contacts).set({ lid: null }).where(eq(contacts.id, byLid.id));
      await mergeContacts(tx, connection.companyId, byNumber.id, byLid.id);
      await tx.update(contacts).set({ lid: event.lid, updatedAt: new Date() }).where(eq(contacts.id, byNumber.id));
      return "merged";
    }
    const only = (byNumber ?? byLid)!;
    if (only.lid === event.lid && only.canonicalNumber === canonical) return "unchanged";
    await tx
      .update(contacts)
      .set({
        lid: event.lid,
        ...(only.canonicalNumber === null ? { canonicalNumber: canonical, number: digits } : {}),
        updatedAt: new Date(),
      })
      .where(eq(contacts.id, only.id));
    return "linked";
  });
}
