import { CAMPAIGN_EDIT_LEAD_MS, type CampaignStatus, type CampaignView } from "@atendo/shared";

export const CAMPAIGN_STATUS_KEY: Record<CampaignStatus, string> = {
  INATIVA: "campaigns.status.INATIVA",
  PROGRAMADA: "campaigns.status.PROGRAMADA",
  EM_ANDAMENTO: "campaigns.status.EM_ANDAMENTO",
  CANCELADA: "campaigns.status.CANCELADA",
  FINALIZADA: "campaigns.status.FINALIZADA",
};

/** What the dialog lets change (administration section 4): all, only the texts (CANCELADA), or nothing. */
export function campaignEditability(campaign: Pick<CampaignView, "status" | "scheduledAt"> | undefined, now = Date.now()): "all" | "messages" | "none" {
  if (!campaign || campaign.status === "INATIVA") return "all";
  if (campaign.status === "PROGRAMADA" && campaign.scheduledAt && Date.parse(campaign.scheduledAt) - now > CAMPAIGN_EDIT_LEAD_MS) return "all";
  if (campaign.status === "CANCELADA") return "messages";
  return "none";
}

/** Report progress = delivered / valid contacts × 100 (administration section 4). */
export function campaignProgress(campaign: Pick<CampaignView, "stats">): number {
  const { delivered, validContacts } = campaign.stats;
  return validContacts > 0 ? Math.min(100, Math.round((delivered / validContacts) * 100)) : 0;
}

/** The value of a datetime-local input for an instant, in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 19);
}
