import { eq } from "drizzle-orm";
import { PLAN_FLAGS, type PlanData, type PlanRecord } from "@atendo/shared";
import type { Db } from "../db/client.js";
import { plans } from "../db/schema.js";
import { AppError } from "../errors.js";
import { assertPlanNameFree, planNameViolation } from "./assert-plan-name-free.js";
import { presentPlan } from "./present-plan.js";

/**
 * A super user edits a plan. Its companies feel it at their next request (flags are read with the session) and
 * at their next create (limits); rows already past a lowered limit stay, only new ones are refused.
 */
export async function updatePlan(db: Db, planId: number, input: PlanData): Promise<PlanRecord> {
  await assertPlanNameFree(db, input.name, planId);
  const flags = Object.fromEntries(PLAN_FLAGS.flatMap((flag) => (input[flag] === undefined ? [] : [[flag, input[flag]]])));
  try {
    const [row] = await db
      .update(plans)
      .set({
        name: input.name,
        users: input.users,
        connections: input.connections,
        queues: input.queues,
        value: input.value,
        ...(input.isPublic === undefined ? {} : { isPublic: input.isPublic }),
        ...flags,
        updatedAt: new Date(),
      })
      .where(eq(plans.id, planId))
      .returning();
    if (!row) throw new AppError("ERR_NO_PLAN_FOUND", 404);
    return presentPlan(row);
  } catch (err) {
    throw planNameViolation(err) ?? err;
  }
}
