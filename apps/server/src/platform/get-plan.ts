import { eq } from "drizzle-orm";
import type { PlanRecord } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { plans } from "../db/schema.js";
import { AppError } from "../errors.js";
import { presentPlan } from "./present-plan.js";

/** One plan (super users); 404 ERR_NO_PLAN_FOUND when there is none. */
export async function getPlan(db: DbOrTx, planId: number): Promise<PlanRecord> {
  const [row] = await db.select().from(plans).where(eq(plans.id, planId));
  if (!row) throw new AppError("ERR_NO_PLAN_FOUND", 404);
  return presentPlan(row);
}
