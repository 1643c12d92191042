import { eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { queues } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import type { AuthContext } from "../auth/load-session-context.js";
import type { FileStorage } from "../storage/file-storage.js";
import { AppError } from "../errors.js";

/** An admin deletes a queue; its user links go with it (foreign-key cascade), then its attachment file. */
export async function deleteQueue(db: Db, storage: FileStorage, auth: AuthContext, queueId: number): Promise<void> {
  const [deleted] = await db
    .delete(queues)
    .where(inCompany(queues, auth.companyId, eq(queues.id, queueId)))
    .returning({ mediaPath: queues.mediaPath });
  if (!deleted) throw new AppError("ERR_NOT_FOUND", 404);
  if (deleted.mediaPath) await storage.remove(deleted.mediaPath);
}
