import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "../app-deps.js";
import type { FlowHooks } from "../tickets/flow/flow-hooks.js";
import {
  CAMPAIGN_DELIVER_JOB,
  CAMPAIGN_DISPATCH_JOB,
  CAMPAIGN_START_JOB,
  type CampaignDeliverJob,
  type CampaignDispatchJob,
  type CampaignStartJob,
} from "./campaign-jobs.js";
import { deliverCampaignShipping } from "./deliver-campaign-shipping.js";
import { dispatchCampaign } from "./dispatch-campaign.js";
import { handleCampaignReply } from "./handle-campaign-reply.js";
import { startCampaign } from "./start-campaign.js";

/** The campaign workers (start at the schedule, dispatch, one delivery per contact). */
export async function registerCampaignJobs(deps: AppDeps, logger: FastifyBaseLogger): Promise<void> {
  await deps.jobs.work<CampaignStartJob>(CAMPAIGN_START_JOB, (job) => startCampaign(deps, logger, job));
  await deps.jobs.work<CampaignDispatchJob>(CAMPAIGN_DISPATCH_JOB, (job) => dispatchCampaign(deps, logger, job));
  await deps.jobs.work<CampaignDeliverJob>(CAMPAIGN_DELIVER_JOB, (job, context) => deliverCampaignShipping(deps, logger, job, context), {
    retryLimit: 5,
    retryDelaySeconds: 5,
  });
}

/**
 * The bot's hooks with the campaigns' look at each customer message first (confirmations, opt-out words), in the
 * same ingestion transaction.
 */
export function withCampaignReplies(flow: FlowHooks, deps: Pick<AppDeps, "db" | "jobs" | "realtime"> & Partial<Pick<AppDeps, "cache">>): FlowHooks {
  return {
    ...flow,
    afterCustomerMessage: async (tx, after, input) => {
      await handleCampaignReply(deps, tx, after, input);
      await flow.afterCustomerMessage(tx, after, input);
    },
  };
}
