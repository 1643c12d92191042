import { asc, eq } from "drizzle-orm";
import type { PlanRecord } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { plans } from "../db/schema.js";
import { presentPlan } from "./present-plan.js";

/**
 * The plans a visitor may choose on the public signup (GET /plans/list and /plans/register, no session): only public
 * ones, cheapest first. Plans are platform rows, not tenant rows, so this read is unscoped by nature.
 */
export async function listPublicPlans(db: DbOrTx): Promise<PlanRecord[]> {
  const rows = await db.select().from(plans).where(eq(plans.isPublic, true)).orderBy(asc(plans.value), asc(plans.name), asc(plans.id));
  return rows.map(presentPlan);
}
