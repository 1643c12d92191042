import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { announcements } from "../db/schema.js";
import type { FileStorage } from "../storage/file-storage.js";
import { AppError } from "../errors.js";

/** DELETE /announcements/{id} (super users): the row (and everyone's read marks with it), then its file. */
export async function deleteAnnouncement(db: DbOrTx, storage: FileStorage, id: number): Promise<void> {
  const [row] = await db.delete(announcements).where(eq(announcements.id, id)).returning();
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
  if (row.mediaPath) await storage.remove(row.mediaPath);
}
