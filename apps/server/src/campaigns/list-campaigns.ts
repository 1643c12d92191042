import { desc, ilike, sql } from "drizzle-orm";
import type { CampaignListAnswer } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { campaigns } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { escapeLike } from "../db/escape-like.js";
import { presentCampaignRows } from "./load-campaign-views.js";

const PAGE_SIZE = 20;

/** GET /campaigns: newest first, searched by name, a page at a time (`records`, `hasMore`). */
export async function listCampaigns(db: DbOrTx, companyId: number, query: { searchParam?: string; pageNumber: number }): Promise<CampaignListAnswer> {
  const term = query.searchParam?.trim();
  const rows = await db
    .select({ campaign: campaigns, total: sql<number>`count(*) over ()::int` })
    .from(campaigns)
    .where(inCompany(campaigns, companyId, term ? ilike(campaigns.name, `%${escapeLike(term)}%`) : undefined))
    .orderBy(desc(campaigns.id))
    .limit(PAGE_SIZE)
    .offset((query.pageNumber - 1) * PAGE_SIZE);
  const count = rows[0]?.total ?? 0;
  const records = await presentCampaignRows(db, companyId, rows.map((r) => r.campaign));
  return { records, count, hasMore: query.pageNumber * PAGE_SIZE < count };
}
