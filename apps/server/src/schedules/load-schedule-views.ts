import { and, eq, type SQL } from "drizzle-orm";
import type { ScheduleView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { contacts, schedules, users, whatsapps } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { presentSchedule } from "./present-schedule.js";

/** The select every schedule answer is built from: the row with its contact, connection and author names. */
export function selectScheduleRecords(db: DbOrTx) {
  return db
    .select({
      schedule: schedules,
      contact: { id: contacts.id, name: contacts.name, number: contacts.number },
      whatsapp: { id: whatsapps.id, name: whatsapps.name },
      user: { id: users.id, name: users.name },
    })
    .from(schedules)
    .leftJoin(contacts, and(eq(contacts.id, schedules.contactId), eq(contacts.companyId, schedules.companyId)))
    .leftJoin(whatsapps, and(eq(whatsapps.id, schedules.whatsappId), eq(whatsapps.companyId, schedules.companyId)))
    .leftJoin(users, and(eq(users.id, schedules.userId), eq(users.companyId, schedules.companyId)));
}

/** One schedule of the company as presented, or null. */
export async function loadScheduleView(db: DbOrTx, companyId: number, id: number, extra?: SQL): Promise<ScheduleView | null> {
  const [record] = await selectScheduleRecords(db).where(inCompany(schedules, companyId, eq(schedules.id, id), extra));
  return record ? presentSchedule(record) : null;
}
