import { eq } from "drizzle-orm";
import type { ScheduleView } from "@atendo/shared";
import type { Db } from "../db/client.js";
import { schedules } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import type { FileStorage } from "../storage/file-storage.js";
import type { Upload } from "../storage/read-upload.js";
import { AppError } from "../errors.js";
import { findEditableSchedule } from "./find-schedule.js";
import { detectScheduleMedia } from "./detect-schedule-media.js";
import { loadScheduleView } from "./load-schedule-views.js";

/**
 * POST /schedules/{id}/media-upload: the image sent with the message (png or jpeg by its bytes, 400
 * ERR_INVALID_FILE_TYPE otherwise), replacing the previous one; refused once sent.
 */
export async function attachScheduleMedia(db: Db, storage: FileStorage, companyId: number, id: number, upload: Upload): Promise<ScheduleView> {
  const mediaType = detectScheduleMedia(upload.fileName, upload.data);
  if (!mediaType) throw new AppError("ERR_INVALID_FILE_TYPE", 400);
  const stored = await storage.save(companyId, "schedules", upload.fileName, upload.data);
  let previousPath: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const previous = await findEditableSchedule(tx, companyId, id);
      previousPath = previous.mediaPath;
      await tx
        .update(schedules)
        .set({ mediaPath: stored.path, mediaName: stored.name, mediaType, updatedAt: new Date() })
        .where(inCompany(schedules, companyId, eq(schedules.id, id)));
    });
  } catch (err) {
    await storage.remove(stored.path);
    throw err;
  }
  if (previousPath && previousPath !== stored.path) await storage.remove(previousPath);
  return (await loadScheduleView(db, companyId, id))!;
}
