import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { prompts, queueIntegrations } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError } from "../errors.js";

/**
 * A queue's, connection's or ticket's `integrationId` / `promptId` must name a row of the same company: a missing id
 * or another company's is refused with 400 ERR_INVALID_INTEGRATION / ERR_INVALID_PROMPT (`details.id`), never stored.
 */
export async function assertBotLinks(db: DbOrTx, companyId: number, links: { integrationId?: number | null; promptId?: number | null }): Promise<void> {
  if (links.integrationId != null) {
    const [row] = await db
      .select({ id: queueIntegrations.id })
      .from(queueIntegrations)
      .where(inCompany(queueIntegrations, companyId, eq(queueIntegrations.id, links.integrationId)));
    if (!row) throw new AppError("ERR_INVALID_INTEGRATION", 400, { id: links.integrationId });
  }
  if (links.promptId != null) {
    const [row] = await db.select({ id: prompts.id }).from(prompts).where(inCompany(prompts, companyId, eq(prompts.id, links.promptId)));
    if (!row) throw new AppError("ERR_INVALID_PROMPT", 400, { id: links.promptId });
  }
}
