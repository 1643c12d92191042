import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { CampaignStats } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { campaignShippings, messages } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";

const FAILURES_SHOWN = 100;

/**
 * The report's figures for some campaigns, from their shipping rows. A shipping handed to the outbox counts as
 * delivered unless its message then failed at WhatsApp: that one counts as failed, with the outbox's reason.
 */
export async function campaignStatsOf(db: DbOrTx, companyId: number, campaignIds: number[], withFailures = false): Promise<Map<number, CampaignStats>> {
  const result = new Map<number, CampaignStats>();
  if (campaignIds.length === 0) return result;
  const messageFailed = sql`(${messages.sendStatus} = 'failed')`;
  const rows = await db
    .select({
      campaignId: campaignShippings.campaignId,
      total: sql<number>`count(*)::int`,
      invalid: sql<number>`count(*) filter (where ${campaignShippings.status} = 'invalid')::int`,
      optedOut: sql<number>`count(*) filter (where ${campaignShippings.status} = 'opted-out')::int`,
      requested: sql<number>`count(${campaignShippings.confirmationRequestedAt})::int`,
      confirmed: sql<number>`count(${campaignShippings.confirmedAt})::int`,
      delivered: sql<number>`count(*) filter (where ${campaignShippings.status} = 'delivered' and not coalesce(${messageFailed}, false))::int`,
      failed: sql<number>`count(*) filter (where ${campaignShippings.status} = 'failed' or (${campaignShippings.status} = 'delivered' and coalesce(${messageFailed}, false)))::int`,
    })
    .from(campaignShippings)
    .leftJoin(messages, eq(messages.id, campaignShippings.messageId))
    .where(inCompany(campaignShippings, companyId, inArray(campaignShippings.campaignId, campaignIds)))
    .groupBy(campaignShippings.campaignId);
  for (const id of campaignIds) {
    const row = rows.find((r) => r.campaignId === id);
    result.set(id, {
      validContacts: row ? row.total - row.invalid - row.optedOut : 0,
      confirmationRequested: row?.requested ?? 0,
      confirmed: row?.confirmed ?? 0,
      delivered: row?.delivered ?? 0,
      failed: row?.failed ?? 0,
      optedOut: row?.optedOut ?? 0,
      invalid: row?.invalid ?? 0,
      failures: [],
    });
  }
  if (withFailures) {
    const failures = await db
      .select({
        campaignId: campaignShippings.campaignId,
        number: campaignShippings.number,
        name: campaignShippings.name,
        reason: sql<string>`coalesce(${campaignShippings.failureReason}, ${messages.sendError}, 'ERR_SENDING_WAPP_MSG')`,
      })
      .from(campaignShippings)
      .leftJoin(messages, eq(messages.id, campaignShippings.messageId))
      .where(
        inCompany(
          campaignShippings,
          companyId,
          inArray(campaignShippings.campaignId, campaignIds),
          or(eq(campaignShippings.status, "failed"), and(eq(campaignShippings.status, "delivered"), eq(messages.sendStatus, "failed"))),
        ),
      )
      .orderBy(campaignShippings.sequence, campaignShippings.id)
      .limit(FAILURES_SHOWN);
    for (const failure of failures) result.get(failure.campaignId)?.failures.push({ number: failure.number, name: failure.name, reason: failure.reason });
  }
  return result;
}
