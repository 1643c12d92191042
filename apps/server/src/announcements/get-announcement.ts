import type { AnnouncementView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { findAnnouncement } from "./find-announcement.js";
import { presentAnnouncement } from "./present-announcement.js";

/** GET /announcements/{id} (super users: the route's permission). */
export async function getAnnouncement(db: DbOrTx, id: number): Promise<AnnouncementView> {
  return presentAnnouncement(await findAnnouncement(db, id));
}
