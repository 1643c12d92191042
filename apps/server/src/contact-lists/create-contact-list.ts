import type { ContactListData, ContactListView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { contactLists } from "../db/schema.js";
import { presentContactList } from "./present-contact-list.js";

export async function createContactList(db: DbOrTx, companyId: number, input: ContactListData): Promise<ContactListView> {
  const [row] = await db.insert(contactLists).values({ companyId, name: input.name }).returning();
  return presentContactList(row!, 0);
}
