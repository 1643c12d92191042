import type { ScheduleView } from "@atendo/shared";
import type { schedules } from "../db/schema.js";

export type ScheduleRow = typeof schedules.$inferSelect;

/** A schedule with the names it shows (contact, connection, author), as the loaders join them. */
export interface ScheduleRecord {
  schedule: ScheduleRow;
  contact: { id: number; name: string; number: string } | null;
  whatsapp: { id: number; name: string } | null;
  user: { id: number; name: string } | null;
}

/** What leaves the server about a schedule: the storage path stays here; the image is fetched by id. */
export function presentSchedule({ schedule: row, contact, whatsapp, user }: ScheduleRecord): ScheduleView {
  return {
    id: row.id,
    body: row.body,
    contactId: row.contactId,
    contact,
    whatsappId: row.whatsappId,
    whatsapp,
    ticketId: row.ticketId,
    userId: row.userId,
    user,
    sendAt: row.sendAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    status: row.status,
    error: row.error,
    mediaName: row.mediaName,
    mediaUrl: row.mediaPath ? `/schedules/${row.id}/media` : null,
    templateName: row.templateName,
    templateLanguage: row.templateLanguage,
    templateVariables: row.templateVariables,
    editable: row.sentAt === null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
