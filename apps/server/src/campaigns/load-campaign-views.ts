import { inArray } from "drizzle-orm";
import type { CampaignView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { contactLists, whatsapps } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { campaignStatsOf } from "./campaign-stats.js";
import { findCampaign, type CampaignRow } from "./find-campaign.js";
import { presentCampaign } from "./present-campaign.js";

/** Campaign rows with their connection and list names and their figures, presented. */
export async function presentCampaignRows(db: DbOrTx, companyId: number, rows: CampaignRow[], withFailures = false): Promise<CampaignView[]> {
  if (rows.length === 0) return [];
  const whatsappIds = [...new Set(rows.map((r) => r.whatsappId).filter((id): id is number => id !== null))];
  const listIds = [...new Set(rows.map((r) => r.contactListId).filter((id): id is number => id !== null))];
  const [connections, lists, stats] = await Promise.all([
    whatsappIds.length
      ? db.select({ id: whatsapps.id, name: whatsapps.name }).from(whatsapps).where(inCompany(whatsapps, companyId, inArray(whatsapps.id, whatsappIds)))
      : [],
    listIds.length
      ? db.select({ id: contactLists.id, name: contactLists.name }).from(contactLists).where(inCompany(contactLists, companyId, inArray(contactLists.id, listIds)))
      : [],
    campaignStatsOf(db, companyId, rows.map((r) => r.id), withFailures),
  ]);
  return rows.map((row) =>
    presentCampaign(row, {
      whatsapp: connections.find((c) => c.id === row.whatsappId) ?? null,
      contactList: lists.find((l) => l.id === row.contactListId) ?? null,
      stats: stats.get(row.id)!,
    }),
  );
}

/** One campaign as GET /campaigns/{id} answers it (with the failures and their reasons). */
export async function loadCampaignView(db: DbOrTx, companyId: number, id: number): Promise<CampaignView> {
  const row = await findCampaign(db, companyId, id);
  const [view] = await presentCampaignRows(db, companyId, [row], true);
  return view!;
}
