import type { ContactListView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { countListItems } from "./count-list-items.js";
import { findContactList } from "./find-contact-list.js";
import { presentContactList } from "./present-contact-list.js";

export async function getContactList(db: DbOrTx, companyId: number, id: number): Promise<ContactListView> {
  const row = await findContactList(db, companyId, id);
  const counts = await countListItems(db, companyId, [row.id]);
  return presentContactList(row, counts.get(row.id) ?? 0);
}
