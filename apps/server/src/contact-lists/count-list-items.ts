import { count, inArray } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { contactListItems } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";

/** How many items each of these lists holds (0 for an empty one). */
export async function countListItems(db: DbOrTx, companyId: number, listIds: number[]): Promise<Map<number, number>> {
  if (listIds.length === 0) return new Map();
  const rows = await db
    .select({ listId: contactListItems.contactListId, n: count() })
    .from(contactListItems)
    .where(inCompany(contactListItems, companyId, inArray(contactListItems.contactListId, listIds)))
    .groupBy(contactListItems.contactListId);
  return new Map(rows.map((r) => [r.listId, r.n]));
}
