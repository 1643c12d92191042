import { eq } from "drizzle-orm";
import type { PlanFlags } from "@atendo/shared";
import { planFlagColumns } from "../auth/load-session-context.js";
import { assertCompanyAccess } from "../companies/assert-company-access.js";
import type { DbOrTx } from "../db/client.js";
import { companies, plans, whatsapps } from "../db/schema.js";
import { AppError } from "../errors.js";
import { hashApiToken } from "./api-token.js";

export interface ApiCaller {
  companyId: number;
  whatsappId: number;
  plan: PlanFlags | null;
}

/**
 * The bearer token of an external request → its connection and company. Unscoped by design: the token is what names
 * the company. A missing or unknown token is 401 with its own code; a blocked or expired company is refused like its
 * sessions are; a plan without useExternalApi is the plan denial (403), as for the page.
 */
export async function resolveApiTokenUnscoped(db: DbOrTx, token: string | null): Promise<ApiCaller> {
  if (!token) throw new AppError("ERR_API_TOKEN_MISSING", 401);
  const [row] = await db
    .select({
      whatsappId: whatsapps.id,
      company: { id: companies.id, status: companies.status, approved: companies.approved, dueDate: companies.dueDate },
      plan: planFlagColumns,
    })
    .from(whatsapps)
    .innerJoin(companies, eq(companies.id, whatsapps.companyId))
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(eq(whatsapps.token, hashApiToken(token)))
    .limit(1);
  if (!row) throw new AppError("ERR_API_TOKEN_INVALID", 401);
  assertCompanyAccess(row.company, 401);
  if (!row.plan?.useExternalApi) throw new AppError("ERR_PLAN_FEATURE_DISABLED", 403, { flag: "useExternalApi" });
  return { companyId: row.company.id, whatsappId: row.whatsappId, plan: row.plan };
}
