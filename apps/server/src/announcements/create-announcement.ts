import type { AnnouncementData, AnnouncementView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { announcements } from "../db/schema.js";
import { presentAnnouncement } from "./present-announcement.js";

/** POST /announcements (super users): priority 3 and active unless said otherwise. */
export async function createAnnouncement(db: DbOrTx, data: AnnouncementData): Promise<AnnouncementView> {
  const [row] = await db.insert(announcements).values(data).returning();
  return presentAnnouncement(row!);
}
