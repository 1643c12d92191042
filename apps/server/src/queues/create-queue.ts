import { defaultWorkingHours, type QueueData, type QueueView } from "@atendo/shared";
import type { Db } from "../db/client.js";
import { queues } from "../db/schema.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { assertPlanLimit } from "../platform/plan-limit.js";
import { assertQueueUnique, queueUniqueViolation } from "./assert-queue-unique.js";
import { presentQueue } from "./present-queue.js";
import { assertBotLinks } from "../integrations/assert-bot-links.js";

/**
 * An admin adds a queue, within the plan's queue count. The company row is locked first, so two admins adding
 * queues at once cannot both take the last one the plan allows.
 */
export async function createQueue(db: Db, auth: AuthContext, input: QueueData): Promise<QueueView> {
  try {
    return await db.transaction(async (tx) => {
      await assertPlanLimit(tx, auth.companyId, "queues");
      await assertQueueUnique(tx, auth.companyId, input);
      await assertBotLinks(tx, auth.companyId, input);
      const [queue] = await tx
        .insert(queues)
        .values({
          companyId: auth.companyId,
          name: input.name,
          color: input.color,
          greetingMessage: input.greetingMessage ?? "",
          outOfHoursMessage: input.outOfHoursMessage ?? "",
          complationMessage: input.complationMessage ?? "",
          ratingMessage: input.ratingMessage ?? "",
          token: input.token ?? "",
          orderQueue: input.orderQueue ?? null,
          integrationId: input.integrationId ?? null,
          promptId: input.promptId ?? null,
          schedules: input.schedules ?? defaultWorkingHours(),
        })
        .returning();
      return presentQueue(queue!);
    });
  } catch (err) {
    throw queueUniqueViolation(err) ?? err;
  }
}
