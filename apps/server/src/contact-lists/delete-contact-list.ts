import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { contactLists } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError } from "../errors.js";

/** Deletes a list with its items and import reports (cascade). */
export async function deleteContactList(db: DbOrTx, companyId: number, id: number): Promise<void> {
  const deleted = await db.delete(contactLists).where(inCompany(contactLists, companyId, eq(contactLists.id, id))).returning({ id: contactLists.id });
  if (deleted.length === 0) throw new AppError("ERR_NOT_FOUND", 404);
}
