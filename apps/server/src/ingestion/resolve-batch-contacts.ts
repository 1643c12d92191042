import { inArray, or, type SQL } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { inCompany } from "../db/tenant.js";
import { contacts } from "../db/schema.js";
import type { Participant } from "../whatsapp/provider.js";
import { contactPatchOf, keysOf, newContactOf, type ContactRow } from "./resolve-contact.js";

export interface BatchPerson {
  whatsappId: number;
  person: Participant;
}

/** A person's contact as the batch found it: known and left as it is, or created by this batch. */
export interface BatchContact {
  contact: ContactRow;
  created: boolean;
}

/**
 * The contacts of a batch's people (one company) in one SELECT, and the new ones in one INSERT … ON CONFLICT DO
 * NOTHING. Answers undefined for a person the batch does not settle, whom the caller hands to upsertPersonContact
 * (in the same transaction, after the others): one whose message changes the contact (a new LID, a push name over
 * a placeholder), whose number and LID are two contacts (a merge), who shares a key with an earlier new person of
 * the batch, or whose insert lost to a concurrent one.
 */
export async function resolveBatchContacts(tx: Tx, companyId: number, people: readonly BatchPerson[]): Promise<(BatchContact | undefined)[]> {
  const keys = people.map(({ person }) => keysOf(person));
  const canonicals = [...new Set(keys.flatMap((k) => (k.canonical ? [k.canonical] : [])))];
  const lids = [...new Set(keys.flatMap((k) => (k.lid ? [k.lid] : [])))];
  const conditions: SQL[] = [];
  if (canonicals.length) conditions.push(inArray(contacts.canonicalNumber, canonicals));
  if (lids.length) conditions.push(inArray(contacts.lid, lids));
  if (conditions.length === 0) return people.map(() => undefined);
  const rows = await tx.select().from(contacts).where(inCompany(contacts, companyId, or(...conditions)));

  const out: (BatchContact | undefined)[] = people.map(() => undefined);
  const fresh: number[] = [];
  const claimed = new Set<string>();
  keys.forEach((k, i) => {
    if (k.canonical === null && k.lid === null) return;
    const matches = rows.filter((r) => (k.canonical !== null && r.canonicalNumber === k.canonical) || (k.lid !== null && r.lid === k.lid));
    if (matches.length === 1) {
      const contact = matches[0]!;
      if (Object.keys(contactPatchOf(contact, people[i]!.person)).length === 0) out[i] = { contact, created: false };
      return;
    }
    if (matches.length > 1) return;
    // New: one insert per identity key in the batch (the same person on two connections is created once).
    const own = [k.canonical && `c:${k.canonical}`, k.lid && `l:${k.lid}`].filter((key): key is string => !!key);
    if (own.some((key) => claimed.has(key))) return;
    own.forEach((key) => claimed.add(key));
    fresh.push(i);
  });
  if (fresh.length === 0) return out;

  // ON CONFLICT without a target covers both identity keys: a concurrent first message's row leaves ours out.
  const created = await tx
    .insert(contacts)
    .values(fresh.map((i) => newContactOf(companyId, people[i]!.whatsappId, people[i]!.person)))
    .onConflictDoNothing()
    .returning();
  for (const i of fresh) {
    const k = keys[i]!;
    const contact = created.find((r) => (k.canonical !== null ? r.canonicalNumber === k.canonical : r.lid === k.lid));
    if (contact) out[i] = { contact, created: true };
  }
  return out;
}
