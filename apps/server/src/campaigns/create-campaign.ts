import type { CampaignData } from "@atendo/shared";
import { campaigns } from "../db/schema.js";
import type { Jobs } from "../jobs/jobs.js";
import type { TemplateDeps } from "../whatsapp/cloudapi/list-cloud-templates.js";
import { checkCampaignReady, checkCampaignTargets } from "./check-campaign-targets.js";
import { checkCampaignTemplate } from "./check-campaign-template.js";
import { campaignColumnsOf } from "./campaign-columns.js";
import { scheduleCampaignStart } from "./schedule-campaign-start.js";
import type { CampaignRow } from "./find-campaign.js";

/** POST /campaigns: INATIVA, or PROGRAMADA with its start job when a schedule is given (administration section 4). */
export async function createCampaign(deps: TemplateDeps & { jobs: Jobs }, companyId: number, input: CampaignData): Promise<CampaignRow> {
  await checkCampaignTargets(deps.db, companyId, input);
  await checkCampaignTemplate(deps, companyId, input);
  if (input.scheduledAt) checkCampaignReady(input);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(campaigns)
      .values({ companyId, ...campaignColumnsOf(input), status: input.scheduledAt ? "PROGRAMADA" : "INATIVA" })
      .returning();
    if (row!.scheduledAt) await scheduleCampaignStart(tx, deps.jobs, { companyId, campaignId: row!.id, scheduledAt: row!.scheduledAt });
    return row!;
  });
}
