import { eq } from "drizzle-orm";
import type { ContactDetailView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { contactExtraInfo, contacts } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError } from "../errors.js";
import { presentContactDetail } from "./present-contact.js";

/** One contact of the company with its extra info. */
export async function getContact(db: DbOrTx, companyId: number, contactId: number): Promise<ContactDetailView> {
  const [contact] = await db.select().from(contacts).where(inCompany(contacts, companyId, eq(contacts.id, contactId)));
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND", 404);
  const extraInfo = await db
    .select()
    .from(contactExtraInfo)
    .where(inCompany(contactExtraInfo, companyId, eq(contactExtraInfo.contactId, contact.id)));
  return presentContactDetail(contact, extraInfo);
}
