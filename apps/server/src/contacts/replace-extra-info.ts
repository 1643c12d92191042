import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { contactExtraInfo } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";

/** The contact form sends the whole list: what it no longer has is gone, the rest is written anew. */
export async function replaceExtraInfo(
  tx: DbOrTx,
  companyId: number,
  contactId: number,
  rows: { name: string; value: string }[],
): Promise<(typeof contactExtraInfo.$inferSelect)[]> {
  await tx.delete(contactExtraInfo).where(inCompany(contactExtraInfo, companyId, eq(contactExtraInfo.contactId, contactId)));
  if (rows.length === 0) return [];
  return tx
    .insert(contactExtraInfo)
    .values(rows.map((r) => ({ companyId, contactId, name: r.name, value: r.value })))
    .returning();
}
