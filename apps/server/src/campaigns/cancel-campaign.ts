import { eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { campaigns } from "../db/schema.js";
import { AppError } from "../errors.js";
import { findCampaign, type CampaignRow } from "./find-campaign.js";

/**
 * POST /campaigns/{id}/cancel: EM_ANDAMENTO → CANCELADA (administration section 4). Jobs already queued see the
 * status and send nothing; a delivery that holds its row finishes first (the lock orders them), so nothing is sent
 * after the answer.
 */
export async function cancelCampaign(db: Db, companyId: number, id: number): Promise<CampaignRow> {
  return db.transaction(async (tx) => {
    const current = await findCampaign(tx, companyId, id, true);
    if (current.status !== "EM_ANDAMENTO") throw new AppError("ERR_CAMPAIGN_INVALID_STATUS", 409, { status: current.status });
    const [row] = await tx.update(campaigns).set({ status: "CANCELADA", updatedAt: new Date() }).where(eq(campaigns.id, id)).returning();
    return row!;
  });
}
