import { and, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { plans } from "../db/schema.js";
import { AppError } from "../errors.js";
import { isUniqueViolation } from "../db/unique-violation.js";

/** Plan names are unique without regard to case (the signup lists them by name). */
export async function assertPlanNameFree(db: DbOrTx, name: string, exceptId?: number): Promise<void> {
  const [taken] = await db
    .select({ id: plans.id })
    .from(plans)
    .where(and(sql`lower(${plans.name}) = lower(${name})`, exceptId ? ne(plans.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw new AppError("ERR_PLAN_NAME_ALREADY_EXISTS", 409);
}

/** The unique index caught two saves that passed the check together: the same answer as the check. */
export function planNameViolation(err: unknown): AppError | null {
  return isUniqueViolation(err, "plans_name_unique") ? new AppError("ERR_PLAN_NAME_ALREADY_EXISTS", 409) : null;
}
