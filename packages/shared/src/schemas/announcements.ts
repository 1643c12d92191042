import { z } from "zod";
import { flexibleBoolean } from "./common.js";
import { V } from "./messages.js";

/** Announcement priorities (administration sections 3 and 9): 1 high (red), 2 medium (orange), 3 low (grey). */
export const ANNOUNCEMENT_PRIORITIES = [1, 2, 3] as const;
export type AnnouncementPriority = (typeof ANNOUNCEMENT_PRIORITIES)[number];
export const ANNOUNCEMENT_PRIORITY_DEFAULT: AnnouncementPriority = 3;
export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_TEXT_MAX = 10_000;
/** The bell lists at most this many active announcements, newest first. */
export const ANNOUNCEMENT_BELL_LIMIT = 100;
/** What the attachment picker offers; the server checks the bytes (png, jpg/jpeg, PDF). */
export const ANNOUNCEMENT_MEDIA_ACCEPT = "image/png,image/jpeg,application/pdf,.png,.jpg,.jpeg,.pdf";

/** Announcement form (administration section 5): title and text required; priority default 3; status default active. */
export const announcementSchema = z
  .object({
    title: z.string({ error: V.required }).trim().min(1, V.required).max(ANNOUNCEMENT_TITLE_MAX, V.tooLong),
    text: z.string({ error: V.required }).trim().min(1, V.required).max(ANNOUNCEMENT_TEXT_MAX, V.tooLong),
    priority: z.coerce
      .number({ error: V.invalid })
      .int(V.invalid)
      .refine((n) => (ANNOUNCEMENT_PRIORITIES as readonly number[]).includes(n), V.invalid)
      .transform((n) => n as AnnouncementPriority)
      .default(ANNOUNCEMENT_PRIORITY_DEFAULT),
    /** true active, false inactive. */
    status: flexibleBoolean.default(true),
  })
  .strict();
export type AnnouncementInput = z.input<typeof announcementSchema>;
export type AnnouncementData = z.output<typeof announcementSchema>;

/** An announcement as the API answers it (administration section 3, Announcement). */
export interface AnnouncementView {
  id: number;
  title: string;
  text: string;
  priority: AnnouncementPriority;
  status: boolean;
  /** The attachment's display name, or null. */
  mediaName: string | null;
  /** png, jpeg or pdf as detected from the file's bytes, or null. */
  mediaType: string | null;
  /** Where a signed-in user fetches the attachment (GET, bearer token), or null. */
  mediaUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The management list: GET /announcements/ (super users). */
export interface AnnouncementPage {
  records: AnnouncementView[];
  count: number;
  hasMore: boolean;
}

/** An announcement in the bell, with the caller's read state. */
export interface BellAnnouncement extends AnnouncementView {
  read: boolean;
}

/** GET /announcements/active: the active announcements, newest first, and how many the caller has not opened. */
export interface ActiveAnnouncements {
  records: BellAnnouncement[];
  unread: number;
}

/**
 * Payload of `company-announcement` (sent to every signed-in socket of every company). An announcement that becomes
 * inactive is sent as a delete: its content never reaches those who cannot see it.
 */
export type AnnouncementEventPayload =
  | { action: "create" | "update"; record: AnnouncementView }
  | { action: "delete"; id: number };
