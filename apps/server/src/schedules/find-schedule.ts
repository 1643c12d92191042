import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { schedules } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError } from "../errors.js";
import type { ScheduleRow } from "./present-schedule.js";

/** A schedule of the caller's company; 404 for any other id (another company's included). */
export async function findSchedule(db: DbOrTx, companyId: number, id: number, opts: { lock?: boolean } = {}): Promise<ScheduleRow> {
  const query = db.select().from(schedules).where(inCompany(schedules, companyId, eq(schedules.id, id)));
  const [row] = opts.lock ? await query.for("update") : await query;
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
  return row;
}

/** A schedule that may still change: not sent yet (administration section 4). 409 ERR_SCHEDULE_ALREADY_SENT otherwise. */
export async function findEditableSchedule(db: DbOrTx, companyId: number, id: number): Promise<ScheduleRow> {
  const row = await findSchedule(db, companyId, id, { lock: true });
  if (row.sentAt !== null) throw new AppError("ERR_SCHEDULE_ALREADY_SENT", 409);
  return row;
}
