import { and, count, desc, eq, isNull } from "drizzle-orm";
import { ANNOUNCEMENT_BELL_LIMIT, type ActiveAnnouncements } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { announcementReads, announcements } from "../db/schema.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { presentAnnouncement } from "./present-announcement.js";

/**
 * The bell (every signed-in user of every company): active announcements, newest first, each with whether the caller
 * opened it, and how many active ones the caller has not opened.
 */
export async function listActiveAnnouncements(db: DbOrTx, auth: AuthContext): Promise<ActiveAnnouncements> {
  // The caller's reads only (their own rows: the user id comes from the session).
  const readByCaller = and(eq(announcementReads.announcementId, announcements.id), eq(announcementReads.userId, auth.userId));
  const rows = await db
    .select({ announcement: announcements, readAt: announcementReads.readAt })
    .from(announcements)
    .leftJoin(announcementReads, readByCaller)
    .where(eq(announcements.status, true))
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(ANNOUNCEMENT_BELL_LIMIT);
  const [unread] = await db
    .select({ n: count() })
    .from(announcements)
    .leftJoin(announcementReads, readByCaller)
    .where(and(eq(announcements.status, true), isNull(announcementReads.userId)));
  return {
    records: rows.map((row) => ({ ...presentAnnouncement(row.announcement), read: row.readAt !== null })),
    unread: unread?.n ?? 0,
  };
}
