import { eq } from "drizzle-orm";
import type { ScheduleView } from "@atendo/shared";
import type { Db } from "../db/client.js";
import { schedules } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import type { FileStorage } from "../storage/file-storage.js";
import { findEditableSchedule } from "./find-schedule.js";
import { loadScheduleView } from "./load-schedule-views.js";

/** DELETE /schedules/{id}/media-upload: clears the image and deletes its file; refused once sent. */
export async function removeScheduleMedia(db: Db, storage: FileStorage, companyId: number, id: number): Promise<ScheduleView> {
  const previousPath = await db.transaction(async (tx) => {
    const previous = await findEditableSchedule(tx, companyId, id);
    await tx
      .update(schedules)
      .set({ mediaPath: null, mediaName: null, mediaType: null, updatedAt: new Date() })
      .where(inCompany(schedules, companyId, eq(schedules.id, id)));
    return previous.mediaPath;
  });
  if (previousPath) await storage.remove(previousPath);
  return (await loadScheduleView(db, companyId, id))!;
}
