import { count, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { companies, plans } from "../db/schema.js";
import { AppError } from "../errors.js";

/**
 * A super user removes a plan no company uses. While companies use it the answer is 409 ERR_PLAN_IN_USE with
 * `details.companies` (how many): move them to another plan first. The plan row is locked so that a company
 * cannot be moved onto it between the count and the delete.
 */
export async function deletePlan(db: Db, planId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [plan] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.id, planId)).for("update");
    if (!plan) throw new AppError("ERR_NO_PLAN_FOUND", 404);
    const [used] = await tx.select({ n: count() }).from(companies).where(eq(companies.planId, planId));
    if ((used?.n ?? 0) > 0) throw new AppError("ERR_PLAN_IN_USE", 409, { companies: used!.n });
    await tx.delete(plans).where(eq(plans.id, planId));
  });
}
