import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { contacts, whatsapps } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError } from "../errors.js";

/** The contact and the chosen connection must be the company's: another company's ids answer 404, like unknown ones. */
export async function checkScheduleTargets(db: DbOrTx, companyId: number, input: { contactId: number; whatsappId?: number | null }): Promise<void> {
  const [contact] = await db.select({ id: contacts.id }).from(contacts).where(inCompany(contacts, companyId, eq(contacts.id, input.contactId)));
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND", 404);
  if (input.whatsappId) {
    const [connection] = await db.select({ id: whatsapps.id }).from(whatsapps).where(inCompany(whatsapps, companyId, eq(whatsapps.id, input.whatsappId)));
    if (!connection) throw new AppError("ERR_NO_WAPP_FOUND", 404);
  }
}
