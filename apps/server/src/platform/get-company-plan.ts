import { eq } from "drizzle-orm";
import type { CompanyPlanView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { companies, plans } from "../db/schema.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { AppError } from "../errors.js";
import { presentPlan } from "./present-plan.js";

/**
 * A company's plan with its use flags and limits (GET /companies/listPlan/{companyId}, the client's plan gate).
 * Anyone reads their own company's; only super users read another's. Any other id is 404, as for every tenant row.
 */
export async function getCompanyPlan(db: DbOrTx, auth: AuthContext, companyId: number): Promise<CompanyPlanView> {
  if (companyId !== auth.companyId && !auth.super) throw new AppError("ERR_NO_COMPANY_FOUND", 404);
  const [row] = await db
    .select({ id: companies.id, name: companies.name, plan: plans })
    .from(companies)
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId));
  if (!row) throw new AppError("ERR_NO_COMPANY_FOUND", 404);
  return { id: row.id, name: row.name, plan: row.plan ? presentPlan(row.plan) : null };
}
