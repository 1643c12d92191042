import { and, eq, or, type SQL } from "drizzle-orm";
import { canonicalNumber } from "@atendo/shared";
import type { DbOrTx, Tx } from "../db/client.js";
import { inCompany } from "../db/tenant.js";
import { contacts } from "../db/schema.js";
import type { ChatRef, Participant } from "../whatsapp/provider.js";
import { mergeContacts } from "./merge-contacts.js";

export type ContactRow = typeof contacts.$inferSelect;

/** A person's identity keys: the canonical number (ninth digit added) and the LID, whichever the provider gave. */
export function keysOf(p: Pick<Participant, "number" | "lid">): { canonical: string | null; lid: string | null } {
  const digits = p.number?.replace(/\D/g, "") ?? "";
  return { canonical: digits ? canonicalNumber(digits) : null, lid: p.lid || null };
}

function identityCondition(keys: { canonical: string | null; lid: string | null }): SQL | undefined {
  const parts = [keys.canonical ? eq(contacts.canonicalNumber, keys.canonical) : undefined, keys.lid ? eq(contacts.lid, keys.lid) : undefined].filter(
    (p): p is SQL => p !== undefined,
  );
  return parts.length ? or(...parts) : undefined;
}

/** A name that is no name: empty, or the contact's own number or LID (what we put there when we knew nothing else). */
export function isPlaceholderName(contact: Pick<ContactRow, "name" | "number" | "lid">): boolean {
  const name = contact.name.trim();
  return name === "" || name === contact.number || name === contact.lid || name.replace(/\D/g, "") === contact.number;
}

/** The existing contact of a person or chat, without creating one (acks, edits, presence). */
export async function findChatContact(tx: DbOrTx, companyId: number, chat: ChatRef): Promise<ContactRow | undefined> {
  if (chat.kind === "group") {
    const [row] = await tx.select().from(contacts).where(inCompany(contacts, companyId, eq(contacts.canonicalNumber, chat.id)));
    return row;
  }
  const condition = identityCondition(keysOf(chat));
  if (!condition) return undefined;
  const rows = await tx.select().from(contacts).where(inCompany(contacts, companyId, condition));
  // Two rows: number and LID not linked yet; the number's row is the one messages were stored under first.
  return rows.find((r) => r.canonicalNumber !== null) ?? rows[0];
}

/**
 * The contact of a person, created when new (design brief: contacts upserted by normalised identity with ON CONFLICT).
 * Looks the person up by canonical number or LID; a missing key is filled in; a push name fills the name only while
 * the contact has none but its number. When number and LID turn out to be two contacts, they are merged.
 */
export async function upsertPersonContact(tx: Tx, companyId: number, whatsappId: number, person: Participant): Promise<ContactRow> {
  const keys = keysOf(person);
  const condition = identityCondition(keys);
  if (!condition) throw new Error("ingestion: a participant without number or LID");

  for (let attempt = 0; attempt < 3; attempt++) {
    const rows = await tx.select().from(contacts).where(inCompany(contacts, companyId, condition));
    if (rows.length === 0) {
      // ON CONFLICT without a target covers both identity keys: a concurrent first message waits for ours, then
      // finds nothing inserted and reads the committed row on the next pass.
      const [created] = await tx
        .insert(contacts)
        .values(newContactOf(companyId, whatsappId, person))
        .onConflictDoNothing()
        .returning();
      if (created) return created;
      continue;
    }
    let contact = rows.find((r) => keys.canonical !== null && r.canonicalNumber === keys.canonical) ?? rows[0]!;
    const other = rows.find((r) => r.id !== contact.id);
    if (other) contact = await mergeContacts(tx, companyId, contact.id, other.id);
    const patch = contactPatchOf(contact, person);
    if (Object.keys(patch).length === 0) return contact;
    const [updated] = await tx
      .update(contacts)
      .set({ ...patch, updatedAt: new Date() })
      .where(and(eq(contacts.id, contact.id), eq(contacts.companyId, companyId)))
      .returning();
    return updated ?? contact;
  }
  throw new Error("ingestion: could not upsert the contact");
}

/** A new person's contact row: named by the push name, else the number or LID. */
export function newContactOf(companyId: number, whatsappId: number, person: Participant): typeof contacts.$inferInsert {
  const keys = keysOf(person);
  const number = person.number?.replace(/\D/g, "") ?? "";
  return { companyId, name: person.pushName?.trim() || number || keys.lid || "", number, canonicalNumber: keys.canonical, lid: keys.lid, whatsappId };
}

/**
 * What a message from `person` changes on its known contact: a missing LID or number, a push name over a
 * placeholder name. Empty when nothing (the usual case).
 */
export function contactPatchOf(contact: ContactRow, person: Participant): Partial<typeof contacts.$inferInsert> {
  const keys = keysOf(person);
  const pushName = person.pushName?.trim() ?? "";
  const patch: Partial<typeof contacts.$inferInsert> = {};
  if (keys.lid && contact.lid !== keys.lid) patch.lid = keys.lid;
  if (keys.canonical && contact.canonicalNumber === null) {
    patch.canonicalNumber = keys.canonical;
    patch.number = person.number?.replace(/\D/g, "") ?? "";
  }
  if (pushName && isPlaceholderName(contact) && contact.name !== pushName) patch.name = pushName;
  return patch;
}

/** A group's contact: number and identity key are the group id; its name is the group's subject once known. */
export async function upsertGroupContact(tx: Tx, companyId: number, whatsappId: number, groupId: string): Promise<ContactRow> {
  const [existing] = await tx.select().from(contacts).where(inCompany(contacts, companyId, eq(contacts.canonicalNumber, groupId)));
  if (existing) return existing;
  const [created] = await tx
    .insert(contacts)
    .values({ companyId, name: groupId, number: groupId, canonicalNumber: groupId, isGroup: true, whatsappId })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const [row] = await tx.select().from(contacts).where(inCompany(contacts, companyId, eq(contacts.canonicalNumber, groupId)));
  if (!row) throw new Error("ingestion: could not upsert the group contact");
  return row;
}
