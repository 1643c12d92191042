import type { Tx } from "../db/client.js";
import type { Jobs } from "../jobs/jobs.js";
import { CAMPAIGN_START_JOB, type CampaignStartJob } from "./campaign-jobs.js";

/** The start job of a PROGRAMADA campaign, at its schedule (now when it is past), in the saving transaction. */
export async function scheduleCampaignStart(tx: Tx, jobs: Jobs, input: { companyId: number; campaignId: number; scheduledAt: Date }): Promise<void> {
  const delaySeconds = Math.max(0, (input.scheduledAt.getTime() - Date.now()) / 1000);
  await jobs.enqueue<CampaignStartJob>(
    CAMPAIGN_START_JOB,
    { companyId: input.companyId, campaignId: input.campaignId, scheduledAt: input.scheduledAt.toISOString() },
    { tx, startAfterSeconds: delaySeconds },
  );
}
