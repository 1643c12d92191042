import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { campaigns } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError } from "../errors.js";

export type CampaignRow = typeof campaigns.$inferSelect;

/** A campaign of the company, or 404 (another company's id included). */
export async function findCampaign(db: DbOrTx, companyId: number, id: number, lock = false): Promise<CampaignRow> {
  const query = db.select().from(campaigns).where(inCompany(campaigns, companyId, eq(campaigns.id, id)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
  return row;
}
