import { count, desc, eq, gte, ilike, lt, or } from "drizzle-orm";
import { PAGE_SIZE, type ScheduleListQuery, type SchedulePage } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { contacts, schedules } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { escapeLike } from "../db/escape-like.js";
import { selectScheduleRecords } from "./load-schedule-views.js";
import { presentSchedule } from "./present-schedule.js";

/**
 * GET /schedules/: the company's schedules, latest send time first, searched in the text and the contact's name;
 * `contactId`, `from` and `to` narrow it (the calendar asks for the weeks it shows).
 */
export async function listSchedules(db: DbOrTx, companyId: number, query: ScheduleListQuery): Promise<SchedulePage> {
  const term = query.searchParam?.trim();
  const pattern = term ? `%${escapeLike(term)}%` : undefined;
  const where = inCompany(
    schedules,
    companyId,
    pattern ? or(ilike(schedules.body, pattern), ilike(contacts.name, pattern)) : undefined,
    query.contactId ? eq(schedules.contactId, query.contactId) : undefined,
    query.from ? gte(schedules.sendAt, new Date(query.from)) : undefined,
    query.to ? lt(schedules.sendAt, new Date(query.to)) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(schedules).leftJoin(contacts, eq(contacts.id, schedules.contactId)).where(where);
  const rows = await selectScheduleRecords(db)
    .where(where)
    .orderBy(desc(schedules.sendAt), desc(schedules.id))
    .limit(PAGE_SIZE)
    .offset((query.pageNumber - 1) * PAGE_SIZE);
  const n = total?.n ?? 0;
  return { schedules: rows.map(presentSchedule), count: n, hasMore: query.pageNumber * PAGE_SIZE < n };
}
