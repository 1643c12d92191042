import { eq } from "drizzle-orm";
import type { ContactListData, ContactListView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { contactLists } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError } from "../errors.js";
import { countListItems } from "./count-list-items.js";
import { presentContactList } from "./present-contact-list.js";

export async function updateContactList(db: DbOrTx, companyId: number, id: number, input: ContactListData): Promise<ContactListView> {
  const [row] = await db
    .update(contactLists)
    .set({ name: input.name, updatedAt: new Date() })
    .where(inCompany(contactLists, companyId, eq(contactLists.id, id)))
    .returning();
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
  const counts = await countListItems(db, companyId, [row.id]);
  return presentContactList(row, counts.get(row.id) ?? 0);
}
