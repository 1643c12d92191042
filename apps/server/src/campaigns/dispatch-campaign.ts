import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "../app-deps.js";
import { campaigns, campaignShippings } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { readCampaignSettings } from "./campaign-settings.js";
import { dueOffsetSeconds } from "./campaign-pacing.js";
import { CAMPAIGN_DELIVER_JOB, type CampaignDeliverJob, type CampaignDispatchJob } from "./campaign-jobs.js";
import { emitCampaign } from "./emit-campaign.js";
import { finishCampaignIfDone } from "./finish-campaign.js";

type Deps = Pick<AppDeps, "db" | "jobs" | "realtime">;

/** Shipping rows scheduled per transaction (each with its job). */
const CHUNK = 250;

/**
 * The `campaign-dispatch` job of a running campaign (after its start or a restart):
 * 1. one shipping row per number of the audience (the contact list's items, or the contacts of tickets carrying the
 *    tag), `ON CONFLICT DO NOTHING` on (campaign, number): a rerun adds only what is missing. Numbers a connection
 *    found not on WhatsApp are `invalid`, opted-out numbers `opted-out`; neither is sent anything.
 * 2. every row still to send gets its place in the sequence and its due time (the pacing of the company's settings,
 *    from now); the first gets its `campaign-deliver` job for that time, in the same transaction, and each delivery
 *    queues the next row's job in its own (a job inserted is a NOTIFY that wakes a worker at once, where a backlog of
 *    jobs queued ahead would be fetched one per poll interval). A job of an earlier dispatch finds another due time
 *    on its row and does nothing.
 * 3. `dispatchedAt` is set: from then on the last delivery finishes the campaign.
 */
export async function dispatchCampaign(deps: Deps, logger: FastifyBaseLogger, job: CampaignDispatchJob): Promise<void> {
  const { companyId, campaignId } = job;
  const running = async () => {
    const [row] = await deps.db.select().from(campaigns).where(inCompany(campaigns, companyId, eq(campaigns.id, campaignId)));
    return row && row.status === "EM_ANDAMENTO" ? row : null;
  };
  const campaign = await running();
  if (!campaign) return;

  if (campaign.contactListId !== null) {
    await deps.db.execute(sql`
      insert into campaign_shippings (company_id, campaign_id, number, name, email, status, failure_reason)
      select i.company_id, ${campaignId}, i.number, i.name, i.email,
        case when o.id is not null then 'opted-out' when i.is_whatsapp_valid = false then 'invalid' else 'pending' end,
        case when o.id is null and i.is_whatsapp_valid = false then 'ERR_WAPP_INVALID_CONTACT' end
      from contact_list_items i
      left join campaign_opt_outs o on o.company_id = i.company_id and o.number = i.number
      where i.company_id = ${companyId} and i.contact_list_id = ${campaign.contactListId}
      order by i.id
      on conflict (campaign_id, number) do nothing`);
  } else if (campaign.tagListId !== null) {
    await deps.db.execute(sql`
      insert into campaign_shippings (company_id, campaign_id, number, name, email, contact_id, status)
      select c.company_id, ${campaignId}, c.canonical_number, c.name, c.email, c.id,
        case when o.id is not null then 'opted-out' else 'pending' end
      from contacts c
      left join campaign_opt_outs o on o.company_id = c.company_id and o.number = c.canonical_number
      where c.company_id = ${companyId} and not c.is_group and c.canonical_number is not null and c.number <> ''
        and exists (
          select 1 from ticket_tags tt join tickets t on t.id = tt.ticket_id
          where tt.tag_id = ${campaign.tagListId} and tt.company_id = ${companyId} and t.contact_id = c.id
        )
      order by c.id
      on conflict (campaign_id, number) do nothing`);
  }

  const settings = await readCampaignSettings(deps.db, companyId);
  const toSend = await deps.db
    .select({ id: campaignShippings.id, status: campaignShippings.status })
    .from(campaignShippings)
    .where(inCompany(campaignShippings, companyId, eq(campaignShippings.campaignId, campaignId), inArray(campaignShippings.status, ["pending", "confirmed"])))
    .orderBy(asc(campaignShippings.id));
  const start = Date.now();
  let chainStarted = false;
  for (let offset = 0; offset < toSend.length; offset += CHUNK) {
    const chunk = toSend.slice(offset, offset + CHUNK);
    const stillRunning = await deps.db.transaction(async (tx) => {
      const [row] = await tx.select({ status: campaigns.status }).from(campaigns).where(inCompany(campaigns, companyId, eq(campaigns.id, campaignId)));
      if (row?.status !== "EM_ANDAMENTO") return false;
      for (const [index, shipping] of chunk.entries()) {
        const sequence = offset + index;
        const dueAt = new Date(start + dueOffsetSeconds(sequence, settings) * 1000);
        const [updated] = await tx
          .update(campaignShippings)
          .set({ sequence, dueAt, updatedAt: new Date() })
          .where(and(eq(campaignShippings.id, shipping.id), inArray(campaignShippings.status, ["pending", "confirmed"])))
          .returning({ status: campaignShippings.status });
        // The pending rows form a chain: the first gets its job now, each delivery queues the next (see
        // deliver-campaign-shipping.ts). Confirmed rows (answered before a cancel) go at once, outside the chain.
        if (!updated || (updated.status === "pending" && chainStarted)) continue;
        if (updated.status === "pending") chainStarted = true;
        await deps.jobs.enqueue<CampaignDeliverJob>(
          CAMPAIGN_DELIVER_JOB,
          { companyId, shippingId: shipping.id, dueAt: dueAt.toISOString() },
          { tx, startAfterSeconds: Math.max(0, (dueAt.getTime() - Date.now()) / 1000) },
        );
      }
      return true;
    });
    if (!stillRunning) return;
  }
  await deps.db
    .update(campaigns)
    .set({ dispatchedAt: new Date() })
    .where(inCompany(campaigns, companyId, eq(campaigns.id, campaignId), eq(campaigns.status, "EM_ANDAMENTO")));
  await finishCampaignIfDone(deps.db, companyId, campaignId);
  logger.info({ campaignId, scheduled: toSend.length }, "campaign dispatched");
  await emitCampaign(deps, companyId, campaignId);
}
