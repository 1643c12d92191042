import { eq } from "drizzle-orm";
import type { CompanyCreateData, PlatformCompanyView } from "@atendo/shared";
import type { Db } from "../db/client.js";
import { companies, users } from "../db/schema.js";
import { AppError } from "../errors.js";
import { hashPassword } from "../auth/passwords.js";
import { assertCompanyNameFree, assertPlanExists, companyUniqueViolation } from "./company-rules.js";
import { findCompanyUnscoped } from "./find-company.js";
import { presentCompany } from "./present-company.js";

/**
 * A super user registers a company and its first admin (Settings, Register Company) in one transaction: a taken
 * company name is 409 ERR_COMPANY_NAME_ALREADY_EXISTS, a taken admin e-mail 409 ERR_EMAIL_ALREADY_EXISTS, and
 * neither leaves a half-made company. The admin's e-mail and name default to the company's.
 */
export async function createCompany(db: Db, input: CompanyCreateData): Promise<PlatformCompanyView> {
  const adminEmail = input.adminEmail ?? input.email;
  const passwordHash = await hashPassword(input.password);
  let companyId: number;
  try {
    companyId = await db.transaction(async (tx) => {
      await assertCompanyNameFree(tx, input.name);
      await assertPlanExists(tx, input.planId);
      const [emailTaken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, adminEmail)).limit(1);
      if (emailTaken) throw new AppError("ERR_EMAIL_ALREADY_EXISTS", 409);
      const [company] = await tx
        .insert(companies)
        .values({
          name: input.name,
          email: input.email,
          phone: input.phone || null,
          planId: input.planId,
          status: input.status ?? true,
          approved: input.approved ?? true,
          dueDate: input.dueDate ?? null,
          recurrence: input.recurrence ?? "MENSAL",
          campaignsEnabled: input.campaignsEnabled ?? true,
        })
        .returning({ id: companies.id });
      await tx.insert(users).values({
        companyId: company!.id,
        name: input.adminName ?? input.name.slice(0, 50),
        email: adminEmail,
        passwordHash,
        profile: "admin",
        allTicket: "enabled",
      });
      return company!.id;
    });
  } catch (err) {
    throw companyUniqueViolation(err) ?? err;
  }
  const { company, plan } = await findCompanyUnscoped(db, companyId);
  return presentCompany(company, plan);
}
