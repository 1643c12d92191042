import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { schedules } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import type { FileStorage } from "../storage/file-storage.js";
import { AppError } from "../errors.js";

/** DELETE /schedules/{id}: any schedule, sent or not (a sent one's message stays in the conversation); its image goes too. */
export async function deleteSchedule(db: DbOrTx, storage: FileStorage, companyId: number, id: number): Promise<void> {
  const [row] = await db.delete(schedules).where(inCompany(schedules, companyId, eq(schedules.id, id))).returning();
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
  // A sent schedule's image is the outbox message's file too: keep it for the conversation.
  if (row.mediaPath && row.sentAt === null) await storage.remove(row.mediaPath);
}
