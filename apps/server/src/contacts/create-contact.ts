import { eq } from "drizzle-orm";
import { normalizeNumber, V, type ContactCreateData, type ContactCreateResult } from "@atendo/shared";
import type { Db } from "../db/client.js";
import { contacts } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { isUniqueViolation } from "../db/unique-violation.js";
import { validationError } from "../errors.js";
import { checkWhatsAppNumber, type WhatsAppNumberChecker } from "./check-whatsapp-number.js";
import { getContact } from "./get-contact.js";
import { presentContactDetail } from "./present-contact.js";
import { replaceExtraInfo } from "./replace-extra-info.js";

/**
 * Creates a contact from the contact form. A number another contact already has (in either Brazilian form) creates
 * nothing: the answer is that contact (`alreadyExists`), as the spec's client expects.
 */
export async function createContact(
  db: Db,
  companyId: number,
  input: ContactCreateData,
  checkNumber: WhatsAppNumberChecker = checkWhatsAppNumber,
): Promise<ContactCreateResult> {
  if (input.number === "") return createContactWithoutNumber(db, companyId, input);
  const normalized = normalizeNumber(input.number);
  if (!normalized.valid) throw validationError([{ path: "body.number", message: V.invalidNumber }]);
  const existing = async () => {
    const [found] = await db
      .select({ id: contacts.id })
      .from(contacts)
      .where(inCompany(contacts, companyId, eq(contacts.canonicalNumber, normalized.canonical)));
    return found ? getContact(db, companyId, found.id) : null;
  };

  const before = await existing();
  if (before) return { alreadyExists: true, existingContact: before };

  const whatsappCheck = await checkNumber(companyId, normalized.number);
  try {
    const contact = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(contacts)
        .values({ companyId, name: input.name, number: normalized.number, canonicalNumber: normalized.canonical, email: input.email })
        .returning();
      const extraInfo = await replaceExtraInfo(tx, companyId, row!.id, input.extraInfo);
      return presentContactDetail(row!, extraInfo);
    });
    return { ...contact, alreadyExists: false, invalido: whatsappCheck === "invalid", whatsappCheck };
  } catch (err) {
    // Two requests with one number passed the check together: the loser answers like the check would have.
    if (!isUniqueViolation(err, "contacts_company_canonical_key")) throw err;
    const winner = await existing();
    if (!winner) throw err;
    return { alreadyExists: true, existingContact: winner };
  }
}

/** The core spec's form without a number: nothing to check or match; the contact cannot start a WhatsApp chat. */
async function createContactWithoutNumber(db: Db, companyId: number, input: ContactCreateData): Promise<ContactCreateResult> {
  const contact = await db.transaction(async (tx) => {
    const [row] = await tx.insert(contacts).values({ companyId, name: input.name, number: "", canonicalNumber: null, email: input.email }).returning();
    return presentContactDetail(row!, await replaceExtraInfo(tx, companyId, row!.id, input.extraInfo));
  });
  return { ...contact, alreadyExists: false, invalido: false, whatsappCheck: "unchecked" };
}
