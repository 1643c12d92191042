import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { contactListItems } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError } from "../errors.js";

/** Removes an item; answers which list it was in (the event carries it). */
export async function deleteContactListItem(db: DbOrTx, companyId: number, id: number): Promise<{ id: number; contactListId: number }> {
  const [deleted] = await db
    .delete(contactListItems)
    .where(inCompany(contactListItems, companyId, eq(contactListItems.id, id)))
    .returning({ id: contactListItems.id, contactListId: contactListItems.contactListId });
  if (!deleted) throw new AppError("ERR_NOT_FOUND", 404);
  return deleted;
}
