import { count, inArray } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { ticketTags } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";

/** How many tickets carry each tag (the tags page's ticketsCount), for the given tags only. */
export async function countTagTickets(db: DbOrTx, companyId: number, tagIds: number[]): Promise<Map<number, number>> {
  if (tagIds.length === 0) return new Map();
  const rows = await db
    .select({ tagId: ticketTags.tagId, n: count() })
    .from(ticketTags)
    .where(inCompany(ticketTags, companyId, inArray(ticketTags.tagId, tagIds)))
    .groupBy(ticketTags.tagId);
  return new Map(rows.map((r) => [r.tagId, r.n]));
}
