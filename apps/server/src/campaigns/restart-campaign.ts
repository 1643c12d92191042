import { eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { campaigns } from "../db/schema.js";
import type { Jobs } from "../jobs/jobs.js";
import { AppError } from "../errors.js";
import { CAMPAIGN_DISPATCH_JOB, type CampaignDispatchJob } from "./campaign-jobs.js";
import { findCampaign, type CampaignRow } from "./find-campaign.js";

/**
 * POST /campaigns/{id}/restart: CANCELADA → EM_ANDAMENTO, continuing where it stopped: the dispatch runs again,
 * adds nothing for contacts that already have their row and reschedules only those not yet served.
 */
export async function restartCampaign(deps: { db: Db; jobs: Jobs }, companyId: number, id: number): Promise<CampaignRow> {
  return deps.db.transaction(async (tx) => {
    const current = await findCampaign(tx, companyId, id, true);
    if (current.status !== "CANCELADA") throw new AppError("ERR_CAMPAIGN_INVALID_STATUS", 409, { status: current.status });
    const [row] = await tx
      .update(campaigns)
      .set({ status: "EM_ANDAMENTO", dispatchedAt: null, completedAt: null, updatedAt: new Date() })
      .where(eq(campaigns.id, id))
      .returning();
    await deps.jobs.enqueue<CampaignDispatchJob>(CAMPAIGN_DISPATCH_JOB, { companyId, campaignId: id }, { tx });
    return row!;
  });
}
