import { and, eq, ne } from "drizzle-orm";
import { normalizeNumber, V, type ContactDetailView, type ContactUpdateData } from "@atendo/shared";
import type { Db } from "../db/client.js";
import { contacts } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { isUniqueViolation } from "../db/unique-violation.js";
import { AppError, conflict, validationError } from "../errors.js";
import { presentContactDetail } from "./present-contact.js";
import { replaceExtraInfo } from "./replace-extra-info.js";

/**
 * Edits a contact: same rules as creating one. Moving it onto a number another contact has is refused
 * (ERR_DUPLICATED_CONTACT); the number may be cleared only when WhatsApp knows the contact by LID (or it had none).
 */
export async function updateContact(db: Db, companyId: number, contactId: number, input: ContactUpdateData): Promise<ContactDetailView> {
  const [contact] = await db.select().from(contacts).where(inCompany(contacts, companyId, eq(contacts.id, contactId)));
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND", 404);

  let number = "";
  let canonicalNumber: string | null = null;
  if (input.number === "") {
    // A contact with a number and no LID keeps a number: clearing it would cut its conversations off.
    if (!contact.lid && contact.number !== "") throw validationError([{ path: "body.number", message: V.required }]);
  } else {
    const normalized = normalizeNumber(input.number);
    if (!normalized.valid) throw validationError([{ path: "body.number", message: V.invalidNumber }]);
    ({ number, canonical: canonicalNumber } = normalized);
    const [taken] = await db
      .select({ id: contacts.id })
      .from(contacts)
      .where(inCompany(contacts, companyId, and(eq(contacts.canonicalNumber, canonicalNumber), ne(contacts.id, contact.id))))
      .limit(1);
    if (taken) throw conflict("ERR_DUPLICATED_CONTACT");
  }

  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(contacts)
        .set({ name: input.name, number, canonicalNumber, email: input.email, updatedAt: new Date() })
        .where(inCompany(contacts, companyId, eq(contacts.id, contact.id)))
        .returning();
      if (!row) throw new AppError("ERR_NO_CONTACT_FOUND", 404);
      return presentContactDetail(row, await replaceExtraInfo(tx, companyId, row.id, input.extraInfo));
    });
  } catch (err) {
    // Another request took the number between the check and the write.
    if (isUniqueViolation(err, "contacts_company_canonical_key")) throw conflict("ERR_DUPLICATED_CONTACT");
    throw err;
  }
}
