import type { AnnouncementPriority, AnnouncementView } from "@atendo/shared";
import type { announcements } from "../db/schema.js";

export type AnnouncementRow = typeof announcements.$inferSelect;

/** What leaves the server about an announcement: the storage path stays here, the client gets the media route. */
export function presentAnnouncement(row: AnnouncementRow): AnnouncementView {
  return {
    id: row.id,
    title: row.title,
    text: row.text,
    priority: row.priority as AnnouncementPriority,
    status: row.status,
    mediaName: row.mediaPath ? row.mediaName : null,
    mediaType: row.mediaPath ? row.mediaType : null,
    mediaUrl: row.mediaPath ? `/announcements/${row.id}/media` : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
