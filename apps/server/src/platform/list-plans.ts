import { asc } from "drizzle-orm";
import type { PlanRecord } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { plans } from "../db/schema.js";
import { presentPlan } from "./present-plan.js";

/** Every plan, public or not, by name (super users: the Plans tab and the company form). */
export async function listPlans(db: DbOrTx): Promise<PlanRecord[]> {
  const rows = await db.select().from(plans).orderBy(asc(plans.name), asc(plans.id));
  return rows.map(presentPlan);
}
