import { eq } from "drizzle-orm";
import type { WorkingHoursEntry } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { companies } from "../db/schema.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { AppError } from "../errors.js";

/** An admin saves the company's working hours (seven validated entries); only for their own company. */
export async function updateCompanySchedules(
  db: DbOrTx,
  auth: AuthContext,
  companyId: number,
  schedules: WorkingHoursEntry[],
): Promise<WorkingHoursEntry[]> {
  if (companyId !== auth.companyId) throw new AppError("ERR_NOT_FOUND", 404);
  const [company] = await db
    .update(companies)
    .set({ schedules, updatedAt: new Date() })
    .where(eq(companies.id, auth.companyId))
    .returning({ schedules: companies.schedules });
  if (!company) throw new AppError("ERR_NOT_FOUND", 404);
  return company.schedules as WorkingHoursEntry[];
}
