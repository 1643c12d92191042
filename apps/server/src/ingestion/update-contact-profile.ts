import { and, eq, or, type SQL } from "drizzle-orm";
import { canonicalNumber } from "@atendo/shared";
import type { ConnectionRef } from "../whatsapp/sessions/session-manager.js";
import type { ProviderEvent } from "../whatsapp/provider.js";
import { inCompany } from "../db/tenant.js";
import { contacts } from "../db/schema.js";
import type { IngestDeps } from "./ingest-message.js";
import { isPlaceholderName } from "./resolve-contact.js";

type ContactEvent = Extract<ProviderEvent, { type: "contact" }>;
type GroupEvent = Extract<ProviderEvent, { type: "group" }>;

/**
 * What the provider tells about a known person: the picture always; the name (saved name, else push name) only while
 * the contact has none but its number, so a name an agent typed is never overwritten. Unknown people are not created.
 */
export async function updateContactProfile(deps: IngestDeps, connection: ConnectionRef, event: ContactEvent): Promise<boolean> {
  const { contact } = event;
  const digits = contact.number?.replace(/\D/g, "");
  const keys = [digits ? eq(contacts.canonicalNumber, canonicalNumber(digits)) : undefined, contact.lid ? eq(contacts.lid, contact.lid) : undefined].filter(
    (k): k is SQL => k !== undefined,
  );
  if (keys.length === 0) return false;
  const rows = await deps.db.select().from(contacts).where(inCompany(contacts, connection.companyId, or(...keys)));
  const name = (contact.name ?? contact.pushName ?? "").trim();
  let changed = false;
  for (const row of rows) {
    const patch: Partial<typeof contacts.$inferInsert> = {};
    if (contact.imgUrl !== undefined && contact.imgUrl !== row.profilePicUrl) patch.profilePicUrl = contact.imgUrl || null;
    if (name && isPlaceholderName(row) && row.name !== name) patch.name = name;
    if (Object.keys(patch).length === 0) continue;
    await deps.db
      .update(contacts)
      .set({ ...patch, updatedAt: new Date() })
      .where(and(eq(contacts.id, row.id), eq(contacts.companyId, connection.companyId)));
    changed = true;
  }
  return changed;
}

/** A group's subject is its contact's name (groups we have not stored are left alone). */
export async function updateGroupSubject(deps: IngestDeps, connection: ConnectionRef, event: GroupEvent): Promise<boolean> {
  const subject = event.group.subject?.trim();
  if (!subject) return false;
  const rows = await deps.db
    .update(contacts)
    .set({ name: subject, updatedAt: new Date() })
    .where(inCompany(contacts, connection.companyId, eq(contacts.canonicalNumber, event.group.id), eq(contacts.isGroup, true)))
    .returning({ id: contacts.id });
  return rows.length > 0;
}
