import { count, eq } from "drizzle-orm";
import { defaultWorkingHours, type QueueData, type QueueView } from "@atendo/shared";
import type { Db } from "../db/client.js";
import { companies, plans, queues } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { AppError } from "../errors.js";
import { assertQueueUnique, queueUniqueViolation } from "./assert-queue-unique.js";
import { presentQueue } from "./present-queue.js";

/**
 * An admin adds a queue, within the plan's queue count. The company row is locked first, so two admins adding
 * queues at once cannot both take the last one the plan allows.
 */
export async function createQueue(db: Db, auth: AuthContext, input: QueueData): Promise<QueueView> {
  try {
    return await db.transaction(async (tx) => {
      const [company] = await tx
        .select({ id: companies.id, limit: plans.queues })
        .from(companies)
        .leftJoin(plans, eq(plans.id, companies.planId))
        .where(eq(companies.id, auth.companyId))
        .for("update", { of: companies });
      const [used] = await tx.select({ n: count() }).from(queues).where(inCompany(queues, auth.companyId));
      if (company?.limit != null && (used?.n ?? 0) >= company.limit) {
        throw new AppError("ERR_PLAN_LIMIT_REACHED", 403, { resource: "queues", limit: company.limit });
      }
      await assertQueueUnique(tx, auth.companyId, input);
      const [queue] = await tx
        .insert(queues)
        .values({
          companyId: auth.companyId,
          name: input.name,
          color: input.color,
          greetingMessage: input.greetingMessage ?? "",
          outOfHoursMessage: input.outOfHoursMessage ?? "",
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
