import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { companies, plans } from "../db/schema.js";
import { AppError } from "../errors.js";

/**
 * A company with its plan's id and name, for super users (companies are the platform's rows, so this read is
 * unscoped by design); 404 ERR_NO_COMPANY_FOUND when there is none.
 */
export async function findCompanyUnscoped(db: DbOrTx, companyId: number) {
  const [row] = await db
    .select({ company: companies, plan: { id: plans.id, name: plans.name } })
    .from(companies)
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId));
  if (!row) throw new AppError("ERR_NO_COMPANY_FOUND", 404);
  return row;
}
