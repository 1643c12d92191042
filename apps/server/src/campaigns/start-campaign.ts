import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "../app-deps.js";
import { campaigns } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { inTransaction } from "../tickets/in-transaction.js";
import { CAMPAIGN_DISPATCH_JOB, type CampaignDispatchJob, type CampaignStartJob } from "./campaign-jobs.js";
import { emitCampaign } from "./emit-campaign.js";

type Deps = Pick<AppDeps, "db" | "jobs" | "realtime">;

/**
 * The `campaign-start` job, at the schedule: PROGRAMADA → EM_ANDAMENTO and the dispatch queued in the same
 * transaction. A job of an older schedule (the campaign was edited) or of a campaign no longer PROGRAMADA does nothing.
 */
export async function startCampaign(deps: Deps, logger: FastifyBaseLogger, job: CampaignStartJob): Promise<void> {
  const started = await inTransaction(deps.db, logger, async (tx, after) => {
    const [row] = await tx
      .select()
      .from(campaigns)
      .where(inCompany(campaigns, job.companyId, eq(campaigns.id, job.campaignId)))
      .for("update");
    if (!row || row.status !== "PROGRAMADA" || row.scheduledAt?.toISOString() !== job.scheduledAt) return false;
    await tx
      .update(campaigns)
      .set({ status: "EM_ANDAMENTO", dispatchedAt: null, completedAt: null, updatedAt: new Date() })
      .where(eq(campaigns.id, row.id));
    await deps.jobs.enqueue<CampaignDispatchJob>(CAMPAIGN_DISPATCH_JOB, { companyId: job.companyId, campaignId: row.id }, { tx });
    after.add(() => emitCampaign(deps, job.companyId, row.id));
    return true;
  });
  if (started) logger.info({ campaignId: job.campaignId }, "campaign started");
}
