import { eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { campaigns } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import type { FileStorage } from "../storage/file-storage.js";
import { findCampaign } from "./find-campaign.js";

/**
 * DELETE /campaigns/{id}: the campaign and its shipping rows go; jobs still queued for it find nothing and stop.
 * Messages already sent stay in their conversations.
 */
export async function deleteCampaign(db: Db, storage: FileStorage, companyId: number, id: number): Promise<void> {
  const row = await findCampaign(db, companyId, id);
  await db.delete(campaigns).where(inCompany(campaigns, companyId, eq(campaigns.id, id)));
  if (row.mediaPath) await storage.remove(row.mediaPath);
}
