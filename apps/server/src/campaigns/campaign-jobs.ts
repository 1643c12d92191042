/** The campaign's pg-boss queues and what their jobs carry. */
export const CAMPAIGN_START_JOB = "campaign-start";
export const CAMPAIGN_DISPATCH_JOB = "campaign-dispatch";
export const CAMPAIGN_DELIVER_JOB = "campaign-deliver";

/** At `scheduledAt` a PROGRAMADA campaign starts; a job for an older schedule finds another `scheduledAt` and stops. */
export interface CampaignStartJob {
  companyId: number;
  campaignId: number;
  scheduledAt: string;
}

/** Writes the audience's shipping rows (once per number) and schedules every one still to send. */
export interface CampaignDispatchJob {
  companyId: number;
  campaignId: number;
}

/** Sends one contact its confirmation or its message at `dueAt`; a job for another `dueAt` (rescheduled) stops. */
export interface CampaignDeliverJob {
  companyId: number;
  shippingId: number;
  dueAt: string;
}
