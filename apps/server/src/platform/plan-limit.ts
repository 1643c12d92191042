import { count, eq } from "drizzle-orm";
import type { PlanLimitedResource } from "@atendo/shared";
import type { Tx } from "../db/client.js";
import { companies, plans, queues, users, whatsapps } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError } from "../errors.js";

const TABLES = { users, connections: whatsapps, queues } as const;

/**
 * The plan's hard limit on users, connections or queues, checked inside the caller's insert transaction: the
 * company row is locked first, so two requests adding the last allowed row at once are serialised and the second
 * one sees the first's row. Past the limit: 403 ERR_PLAN_LIMIT_REACHED with `{ resource, limit }`.
 * Returns how many the company has now (before the insert). A company without a plan is not limited.
 */
export async function assertPlanLimit(tx: Tx, companyId: number, resource: PlanLimitedResource): Promise<{ used: number; limit: number | null }> {
  const [company] = await tx
    .select({ id: companies.id, limit: plans[resource] })
    .from(companies)
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId))
    .for("update", { of: companies });
  const table = TABLES[resource];
  const [row] = await tx.select({ n: count() }).from(table).where(inCompany(table, companyId));
  const used = row?.n ?? 0;
  const limit = company?.limit ?? null;
  if (limit !== null && used >= limit) throw new AppError("ERR_PLAN_LIMIT_REACHED", 403, { resource, limit });
  return { used, limit };
}
