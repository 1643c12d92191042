import { eq } from "drizzle-orm";
import type { AnnouncementData, AnnouncementView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { announcements } from "../db/schema.js";
import { AppError } from "../errors.js";
import { presentAnnouncement } from "./present-announcement.js";

/** PUT /announcements/{id} (super users): the form's fields; the attachment has its own calls. */
export async function updateAnnouncement(db: DbOrTx, id: number, data: AnnouncementData): Promise<AnnouncementView> {
  const [row] = await db
    .update(announcements)
    .set({ ...data, updatedAt: new Date() })
    .where(eq(announcements.id, id))
    .returning();
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
  return presentAnnouncement(row);
}
