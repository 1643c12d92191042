import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { contacts } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError } from "../errors.js";

/** Deletes a contact and (by cascade) its extra info. The route checks contacts-page:deleteContact. */
export async function deleteContact(db: DbOrTx, companyId: number, contactId: number): Promise<void> {
  const deleted = await db
    .delete(contacts)
    .where(inCompany(contacts, companyId, eq(contacts.id, contactId)))
    .returning({ id: contacts.id });
  if (deleted.length === 0) throw new AppError("ERR_NO_CONTACT_FOUND", 404);
}
