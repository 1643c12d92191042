import { eq } from "drizzle-orm";
import type { QueueData, QueueView } from "@atendo/shared";
import type { Db } from "../db/client.js";
import { queues } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { AppError } from "../errors.js";
import { assertQueueUnique, queueUniqueViolation } from "./assert-queue-unique.js";
import { findQueue } from "./get-queue.js";
import { presentQueue } from "./present-queue.js";
import { assertBotLinks } from "../integrations/assert-bot-links.js";

/** An admin edits a queue; fields left out keep their stored value. Answers the saved queue. */
export async function updateQueue(db: Db, auth: AuthContext, queueId: number, input: QueueData): Promise<QueueView> {
  await findQueue(db, auth.companyId, queueId);
  await assertQueueUnique(db, auth.companyId, input, queueId);
  await assertBotLinks(db, auth.companyId, input);
  try {
    const [queue] = await db
      .update(queues)
      .set({
        name: input.name,
        color: input.color,
        ...(input.greetingMessage !== undefined ? { greetingMessage: input.greetingMessage } : {}),
        ...(input.outOfHoursMessage !== undefined ? { outOfHoursMessage: input.outOfHoursMessage } : {}),
        ...(input.complationMessage !== undefined ? { complationMessage: input.complationMessage } : {}),
        ...(input.ratingMessage !== undefined ? { ratingMessage: input.ratingMessage } : {}),
        ...(input.token !== undefined ? { token: input.token } : {}),
        ...(input.orderQueue !== undefined ? { orderQueue: input.orderQueue } : {}),
        ...(input.integrationId !== undefined ? { integrationId: input.integrationId } : {}),
        ...(input.promptId !== undefined ? { promptId: input.promptId } : {}),
        ...(input.schedules !== undefined ? { schedules: input.schedules } : {}),
        updatedAt: new Date(),
      })
      .where(inCompany(queues, auth.companyId, eq(queues.id, queueId)))
      .returning();
    if (!queue) throw new AppError("ERR_NOT_FOUND", 404);
    return presentQueue(queue);
  } catch (err) {
    throw queueUniqueViolation(err) ?? err;
  }
}
