import { PLAN_FLAGS, type PlanData, type PlanRecord } from "@atendo/shared";
import type { Db } from "../db/client.js";
import { plans } from "../db/schema.js";
import { assertPlanNameFree, planNameViolation } from "./assert-plan-name-free.js";
import { presentPlan } from "./present-plan.js";

/** A super user adds a plan; flags left out are off. */
export async function createPlan(db: Db, input: PlanData): Promise<PlanRecord> {
  await assertPlanNameFree(db, input.name);
  const flags = Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, input[flag] ?? false]));
  try {
    const [row] = await db
      .insert(plans)
      .values({
        name: input.name,
        users: input.users,
        connections: input.connections,
        queues: input.queues,
        value: input.value,
        isPublic: input.isPublic ?? true,
        ...flags,
      })
      .returning();
    return presentPlan(row!);
  } catch (err) {
    throw planNameViolation(err) ?? err;
  }
}
