import { and, eq, sql } from "drizzle-orm";
import type { AppDeps } from "../app-deps.js";
import type { Tx } from "../db/client.js";
import { campaignOptOuts, campaigns, campaignShippings, contacts, messages, tickets } from "../db/schema.js";
import type { CustomerMessageInput } from "../tickets/flow/flow-hooks.js";
import { inCompany } from "../db/tenant.js";
import type { AfterCommit } from "../tickets/in-transaction.js";
import { readCampaignSettings } from "./campaign-settings.js";
import { CAMPAIGN_DELIVER_JOB, type CampaignDeliverJob } from "./campaign-jobs.js";
import { emitCampaignProgress } from "./emit-campaign.js";

type Deps = Pick<AppDeps, "db" | "jobs" | "realtime"> & Partial<Pick<AppDeps, "cache">>;

/** A message that could be an opt-out word: one short word (any case, trailing punctuation ignored). */
export function optOutCandidate(body: string): string | null {
  const word = body.trim().replace(/[.!?]+$/u, "").toUpperCase();
  return word.length > 0 && word.length <= 30 && !/\s/u.test(word) ? word : null;
}

/**
 * Called for every customer message in a person's chat, inside the ingestion transaction (before the bot).
 * - An opt-out word (the company's list; default SAIR, PARAR, STOP) records the number as opted out: later
 *   campaigns skip it, and its confirmations still awaited are dropped.
 * - Otherwise any answer confirms the contact's awaited confirmations: each campaign message is queued now.
 * The common case costs nothing: the message comes from ingestion, and whether a campaign runs from the cache.
 */
export async function handleCampaignReply(deps: Deps, tx: Tx, after: AfterCommit, input: CustomerMessageInput): Promise<void> {
  const { companyId } = input;
  // Ingestion hands over what it wrote (no read); other callers get it loaded.
  const message = input.written
    ? { body: input.written.message.body, contactId: input.written.contact.id, number: input.written.contact.canonicalNumber }
    : (
        await tx
          .select({ body: messages.body, contactId: tickets.contactId, number: contacts.canonicalNumber })
          .from(messages)
          .innerJoin(tickets, eq(tickets.id, messages.ticketId))
          .innerJoin(contacts, eq(contacts.id, tickets.contactId))
          .where(inCompany(messages, companyId, eq(messages.id, input.messageId)))
      )[0];
  if (!message) return;
  // The company cache (cache/) keeps both reads below until a campaign or the campaign settings change.
  const cached = <T>(key: string, load: () => Promise<T>) => (deps.cache ? deps.cache.get(companyId, key, load) : load());

  const word = optOutCandidate(message.body);
  if (word !== null && message.number) {
    const settings = await cached("campaign-settings", () => readCampaignSettings(tx, companyId));
    if (settings.optOutWords.includes(word)) {
      await tx.insert(campaignOptOuts).values({ companyId, number: message.number, contactId: message.contactId, word }).onConflictDoNothing();
      const dropped = await tx
        .update(campaignShippings)
        .set({ status: "opted-out", updatedAt: new Date() })
        .where(inCompany(campaignShippings, companyId, eq(campaignShippings.contactId, message.contactId), eq(campaignShippings.status, "awaiting-confirmation")))
        .returning({ campaignId: campaignShippings.campaignId });
      for (const row of dropped) after.add(() => emitCampaignProgress(deps, companyId, row.campaignId));
      return;
    }
  }

  // Confirmations are only awaited by running campaigns: without one (the common case) there is nothing to update.
  const running = await cached("campaign-running", async () => {
    const [row] = await tx.select({ id: campaigns.id }).from(campaigns).where(inCompany(campaigns, companyId, eq(campaigns.status, "EM_ANDAMENTO"))).limit(1);
    return row !== undefined;
  });
  if (!running) return;
  const now = new Date();
  const confirmed = await tx
    .update(campaignShippings)
    .set({ status: "confirmed", confirmedAt: now, dueAt: now, updatedAt: now })
    .where(
      and(
        eq(campaignShippings.companyId, companyId),
        eq(campaignShippings.contactId, message.contactId),
        eq(campaignShippings.status, "awaiting-confirmation"),
        // Only campaigns still running send; a cancelled one's confirmations wait for its restart.
        sql`exists (select 1 from campaigns c where c.id = ${campaignShippings.campaignId} and c.status = 'EM_ANDAMENTO')`,
      ),
    )
    .returning({ id: campaignShippings.id, campaignId: campaignShippings.campaignId });
  for (const row of confirmed) {
    await deps.jobs.enqueue<CampaignDeliverJob>(CAMPAIGN_DELIVER_JOB, { companyId, shippingId: row.id, dueAt: now.toISOString() }, { tx });
    after.add(() => emitCampaignProgress(deps, companyId, row.campaignId));
  }
}
