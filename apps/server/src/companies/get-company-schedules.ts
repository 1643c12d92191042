import { eq } from "drizzle-orm";
import { defaultWorkingHours, type WorkingHoursEntry } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { companies } from "../db/schema.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { AppError } from "../errors.js";

/**
 * The company's working hours (used when the setting scheduleType is "company"); the defaults until saved.
 * Only the caller's own company: any other id is 404, whoever asks.
 */
export async function getCompanySchedules(db: DbOrTx, auth: AuthContext, companyId: number): Promise<WorkingHoursEntry[]> {
  if (companyId !== auth.companyId) throw new AppError("ERR_NOT_FOUND", 404);
  const [company] = await db.select({ schedules: companies.schedules }).from(companies).where(eq(companies.id, auth.companyId));
  if (!company) throw new AppError("ERR_NOT_FOUND", 404);
  return company.schedules?.length ? (company.schedules as WorkingHoursEntry[]) : defaultWorkingHours();
}
