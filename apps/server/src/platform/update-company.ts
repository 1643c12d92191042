import { eq } from "drizzle-orm";
import type { CompanyUpdateInput, PlatformCompanyView } from "@atendo/shared";
import { companyUpdateSchema } from "@atendo/shared";
import type { Db } from "../db/client.js";
import { companies } from "../db/schema.js";
import { AppError } from "../errors.js";
import { assertCompanyAccess } from "../companies/assert-company-access.js";
import { assertCompanyNameFree, assertPlanExists, companyUniqueViolation } from "./company-rules.js";
import { findCompanyUnscoped } from "./find-company.js";
import { presentCompany } from "./present-company.js";

export interface UpdatedCompany {
  company: PlatformCompanyView;
  /**
   * Why the company's users may no longer work (ERR_COMPANY_INACTIVE, ERR_COMPANY_NOT_APPROVED), or null. Their
   * open sessions are refused from their next request; the caller closes their sockets with this code. (A past due
   * date is left to the request check: admins keep the billing pages.)
   */
  lockedOut: "ERR_COMPANY_INACTIVE" | "ERR_COMPANY_NOT_APPROVED" | null;
}

/**
 * A super user edits a company (any subset of its fields: the table's toggles send one). The platform's own
 * company can never be blocked, unapproved or given a past due date (403 ERR_PLATFORM_COMPANY_LOCKED): its super
 * users would lock themselves out.
 */
export async function updateCompany(db: Db, companyId: number, raw: CompanyUpdateInput): Promise<UpdatedCompany> {
  const input = companyUpdateSchema.parse(raw);
  try {
    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(companies).where(eq(companies.id, companyId)).for("update");
      if (!current) throw new AppError("ERR_NO_COMPANY_FOUND", 404);
      const patch = {
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.email === undefined ? {} : { email: input.email }),
        ...(input.phone === undefined ? {} : { phone: input.phone || null }),
        ...(input.planId === undefined ? {} : { planId: input.planId }),
        ...(input.status === undefined ? {} : { status: input.status }),
        ...(input.approved === undefined ? {} : { approved: input.approved }),
        ...(input.dueDate === undefined ? {} : { dueDate: input.dueDate }),
        ...(input.recurrence === undefined ? {} : { recurrence: input.recurrence }),
        ...(input.campaignsEnabled === undefined ? {} : { campaignsEnabled: input.campaignsEnabled }),
      };
      if (current.isPlatform && locksPlatformOut({ ...current, ...patch })) throw new AppError("ERR_PLATFORM_COMPANY_LOCKED", 403);
      if (input.name !== undefined) await assertCompanyNameFree(tx, input.name, companyId);
      if (input.planId !== undefined) await assertPlanExists(tx, input.planId);
      await tx
        .update(companies)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(companies.id, companyId));
    });
  } catch (err) {
    throw companyUniqueViolation(err) ?? err;
  }
  const { company, plan } = await findCompanyUnscoped(db, companyId);
  return { company: presentCompany(company, plan), lockedOut: lockOutReason(company) };
}

function lockOutReason(company: { status: boolean; approved: boolean }): "ERR_COMPANY_INACTIVE" | "ERR_COMPANY_NOT_APPROVED" | null {
  if (!company.status) return "ERR_COMPANY_INACTIVE";
  if (!company.approved) return "ERR_COMPANY_NOT_APPROVED";
  return null;
}

/** Whether the platform's company would lock its own users out (blocked, unapproved or past due). */
function locksPlatformOut(company: { status: boolean; approved: boolean; dueDate: string | null }): boolean {
  try {
    assertCompanyAccess(company, 401);
    return false;
  } catch {
    return true;
  }
}
