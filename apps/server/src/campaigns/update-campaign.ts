import { eq } from "drizzle-orm";
import { CAMPAIGN_EDIT_LEAD_MS, type CampaignData } from "@atendo/shared";
import { campaigns } from "../db/schema.js";
import type { Jobs } from "../jobs/jobs.js";
import { AppError } from "../errors.js";
import type { TemplateDeps } from "../whatsapp/cloudapi/list-cloud-templates.js";
import { checkCampaignReady, checkCampaignTargets } from "./check-campaign-targets.js";
import { checkCampaignTemplate } from "./check-campaign-template.js";
import { campaignColumnsOf, campaignMessagesOf } from "./campaign-columns.js";
import { findCampaign, type CampaignRow } from "./find-campaign.js";
import { scheduleCampaignStart } from "./schedule-campaign-start.js";

/** How much of a campaign can change now (administration section 4). */
export function editabilityOf(row: Pick<CampaignRow, "status" | "scheduledAt">, now = new Date()): "all" | "messages" | "none" {
  if (row.status === "INATIVA") return "all";
  if (row.status === "PROGRAMADA" && row.scheduledAt && row.scheduledAt.getTime() - now.getTime() > CAMPAIGN_EDIT_LEAD_MS) return "all";
  if (row.status === "CANCELADA") return "messages";
  return "none";
}

/**
 * PUT /campaigns/{id}: everything while INATIVA or PROGRAMADA more than an hour ahead (a schedule makes it
 * PROGRAMADA with a new start job, none makes it INATIVA); only the texts while CANCELADA; nothing otherwise
 * (409 ERR_CAMPAIGN_NOT_EDITABLE).
 */
export async function updateCampaign(deps: TemplateDeps & { jobs: Jobs }, companyId: number, id: number, input: CampaignData): Promise<CampaignRow> {
  const before = await findCampaign(deps.db, companyId, id);
  await checkCampaignTargets(deps.db, companyId, input);
  // Only a campaign whose settings may change has its template checked (a cancelled one takes text edits only).
  if (editabilityOf(before) === "all") await checkCampaignTemplate(deps, companyId, input);
  return deps.db.transaction(async (tx) => {
    const current = await findCampaign(tx, companyId, id, true);
    const editable = editabilityOf(current);
    if (editable === "none") throw new AppError("ERR_CAMPAIGN_NOT_EDITABLE", 409, { status: current.status });
    if (editable === "messages") {
      const [row] = await tx.update(campaigns).set({ ...campaignMessagesOf(input), updatedAt: new Date() }).where(eq(campaigns.id, id)).returning();
      return row!;
    }
    if (input.scheduledAt) checkCampaignReady(input);
    const [row] = await tx
      .update(campaigns)
      .set({ ...campaignColumnsOf(input), status: input.scheduledAt ? "PROGRAMADA" : "INATIVA", updatedAt: new Date() })
      .where(eq(campaigns.id, id))
      .returning();
    if (row!.scheduledAt) await scheduleCampaignStart(tx, deps.jobs, { companyId, campaignId: id, scheduledAt: row!.scheduledAt });
    return row!;
  });
}
