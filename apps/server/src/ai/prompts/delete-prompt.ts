import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { prompts } from "../../db/schema.js";
import { inCompany } from "../../db/tenant.js";
import { AppError } from "../../errors.js";
import { linkPromptQueue } from "./link-prompt-queue.js";

/**
 * DELETE /prompt/{id}: its queue stops answering with it (queue `promptId` cleared in the same transaction).
 * Returns the queues whose `promptId` changed.
 */
export async function deletePrompt(db: Db, companyId: number, promptId: number): Promise<number[]> {
  return db.transaction(async (tx) => {
    const changed = await linkPromptQueue(tx, companyId, promptId, null);
    const [deleted] = await tx.delete(prompts).where(inCompany(prompts, companyId, eq(prompts.id, promptId))).returning({ id: prompts.id });
    if (!deleted) throw new AppError("ERR_NO_PROMPT_FOUND", 404);
    return changed;
  });
}
