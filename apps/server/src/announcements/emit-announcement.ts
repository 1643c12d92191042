import { ANNOUNCEMENT_EVENT, type AnnouncementEventPayload, type AnnouncementView } from "@atendo/shared";
import type { Realtime } from "../realtime/realtime.js";

/**
 * Announcements are platform-wide: the event goes to every connected socket (every one is signed in; the Redis
 * adapter carries it to the other processes). An inactive announcement goes out as a delete, so its content reaches
 * nobody's bell.
 */
export function emitAnnouncement(realtime: Realtime, action: "create" | "update", record: AnnouncementView): void {
  const payload: AnnouncementEventPayload = record.status ? { action, record } : { action: "delete", id: record.id };
  realtime.io.emit(ANNOUNCEMENT_EVENT, payload);
}

export function emitAnnouncementDeleted(realtime: Realtime, id: number): void {
  const payload: AnnouncementEventPayload = { action: "delete", id };
  realtime.io.emit(ANNOUNCEMENT_EVENT, payload);
}
