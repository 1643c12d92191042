import type { DbOrTx } from "../db/client.js";
import { AppError } from "../errors.js";
import type { FileStorage } from "../storage/file-storage.js";
import { mediaDisposition } from "../storage/media-disposition.js";
import type { StoredMedia } from "../http/send-stored-media.js";
import { findSchedule } from "./find-schedule.js";

/** GET /schedules/{id}/media: the schedule's image, typed by what its bytes said at upload. */
export async function openScheduleMedia(db: DbOrTx, storage: FileStorage, companyId: number, id: number): Promise<StoredMedia> {
  const row = await findSchedule(db, companyId, id);
  const stream = row.mediaPath ? await storage.open(row.mediaPath) : null;
  if (!stream) throw new AppError("ERR_NOT_FOUND", 404);
  return { stream, ...mediaDisposition(row.mediaType, row.mediaName) };
}
