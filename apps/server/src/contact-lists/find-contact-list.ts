import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { contactListItems, contactLists } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError } from "../errors.js";

/** One of the company's lists, or 404 (another company's id is answered as a missing one). */
export async function findContactList(db: DbOrTx, companyId: number, id: number) {
  const [row] = await db.select().from(contactLists).where(inCompany(contactLists, companyId, eq(contactLists.id, id)));
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
  return row;
}

/** One of the company's list items, or 404. */
export async function findContactListItem(db: DbOrTx, companyId: number, id: number) {
  const [row] = await db.select().from(contactListItems).where(inCompany(contactListItems, companyId, eq(contactListItems.id, id)));
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
  return row;
}
