import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { announcementReads, announcements } from "../db/schema.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { AppError } from "../errors.js";

/** The caller opened an active announcement: it stops counting as unread for them, in every browser. */
export async function markAnnouncementRead(db: DbOrTx, auth: AuthContext, id: number): Promise<void> {
  const [row] = await db
    .select({ id: announcements.id })
    .from(announcements)
    .where(and(eq(announcements.id, id), eq(announcements.status, true)));
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
  await db
    .insert(announcementReads)
    .values({ companyId: auth.companyId, userId: auth.userId, announcementId: id })
    .onConflictDoNothing();
}
