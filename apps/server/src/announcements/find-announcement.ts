import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { announcements } from "../db/schema.js";
import { AppError } from "../errors.js";
import type { AnnouncementRow } from "./present-announcement.js";

/** An announcement by id, whatever its status (platform-wide: no company scope); 404 when there is none. */
export async function findAnnouncement(db: DbOrTx, id: number): Promise<AnnouncementRow> {
  const [row] = await db.select().from(announcements).where(eq(announcements.id, id));
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
  return row;
}
