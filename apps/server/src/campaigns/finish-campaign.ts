import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";

/**
 * EM_ANDAMENTO → FINALIZADA once the whole audience has its rows and none is still to send or awaiting a
 * confirmation. Called after each delivery's commit (never inside it: two deliveries committing together would
 * each still see the other's row pending), so the last one to commit sees them all. True when it finished it now.
 */
export async function finishCampaignIfDone(db: DbOrTx, companyId: number, campaignId: number): Promise<boolean> {
  const result = await db.execute(sql`
    update campaigns set status = 'FINALIZADA', completed_at = now(), updated_at = now()
    where id = ${campaignId} and company_id = ${companyId} and status = 'EM_ANDAMENTO' and dispatched_at is not null
      and not exists (
        select 1 from campaign_shippings s
        where s.campaign_id = ${campaignId} and s.status in ('pending', 'awaiting-confirmation', 'confirmed')
      )
    returning id`);
  return rowsOf(result).length > 0;
}

/** node-postgres answers `{ rows }`, PGlite's driver too; both through Drizzle's execute. */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  if (Array.isArray(result)) return result as Record<string, unknown>[];
  return ((result as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];
}
