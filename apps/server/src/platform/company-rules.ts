import { and, eq, ne, sql } from "drizzle-orm";
import { V } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { companies, plans } from "../db/schema.js";
import { AppError, validationError } from "../errors.js";
import { isUniqueViolation } from "../db/unique-violation.js";

/** Company names are unique without regard to case (spec: "check whether a company with the same name exists"). */
export async function assertCompanyNameFree(db: DbOrTx, name: string, exceptId?: number): Promise<void> {
  const [taken] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(sql`lower(${companies.name}) = lower(${name})`, exceptId ? ne(companies.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw new AppError("ERR_COMPANY_NAME_ALREADY_EXISTS", 409);
}

/** A plan named in a body must exist: 400 on the field otherwise (never a dangling plan id). */
export async function assertPlanExists(db: DbOrTx, planId: number): Promise<void> {
  const [plan] = await db.select({ id: plans.id }).from(plans).where(eq(plans.id, planId)).for("share");
  if (!plan) throw validationError([{ path: "body.planId", message: V.invalid }]);
}

/** Two saves that passed the name check together: the unique index answers the same code. */
export function companyUniqueViolation(err: unknown): AppError | null {
  if (isUniqueViolation(err, "companies_name_unique")) return new AppError("ERR_COMPANY_NAME_ALREADY_EXISTS", 409);
  if (isUniqueViolation(err, "users_email_key")) return new AppError("ERR_EMAIL_ALREADY_EXISTS", 409);
  return null;
}
