import { and, eq, ne } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { queues } from "../../db/schema.js";
import { inCompany } from "../../db/tenant.js";
import { validationError } from "../../errors.js";
import { V } from "@atendo/shared";

/** The prompt's queue must be one of the company's: another company's id or a missing one is refused like none. */
export async function assertPromptQueue(db: DbOrTx, companyId: number, queueId: number): Promise<void> {
  const [queue] = await db.select({ id: queues.id }).from(queues).where(inCompany(queues, companyId, eq(queues.id, queueId)));
  if (!queue) throw validationError([{ path: "body.queueId", message: V.queueRequired }]);
}

/**
 * A prompt answers the queue it names: the queue's `promptId` (what the runtime reads) follows the prompt's
 * `queueId`. Saving points the queue at the prompt; a queue the prompt left stops pointing at it.
 */
export async function linkPromptQueue(db: DbOrTx, companyId: number, promptId: number, queueId: number | null): Promise<number[]> {
  const left = await db
    .update(queues)
    .set({ promptId: null, updatedAt: new Date() })
    .where(inCompany(queues, companyId, eq(queues.promptId, promptId), queueId === null ? undefined : ne(queues.id, queueId)))
    .returning({ id: queues.id });
  if (queueId === null) return left.map((q) => q.id);
  const joined = await db
    .update(queues)
    .set({ promptId, updatedAt: new Date() })
    .where(inCompany(queues, companyId, and(eq(queues.id, queueId))))
    .returning({ id: queues.id });
  return [...left, ...joined].map((q) => q.id);
}
