import { eq } from "drizzle-orm";
import type { QueueView } from "@atendo/shared";
import type { Db } from "../db/client.js";
import { queues } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import type { AuthContext } from "../auth/load-session-context.js";
import type { FileStorage } from "../storage/file-storage.js";
import { AppError } from "../errors.js";
import { findQueue } from "./get-queue.js";
import { presentQueue } from "./present-queue.js";

/** Clears a queue's attachment and deletes its file (a queue without one answers as it is). */
export async function removeQueueMedia(db: Db, storage: FileStorage, auth: AuthContext, queueId: number): Promise<QueueView> {
  const previous = await findQueue(db, auth.companyId, queueId);
  const [queue] = await db
    .update(queues)
    .set({ mediaPath: null, mediaName: null, updatedAt: new Date() })
    .where(inCompany(queues, auth.companyId, eq(queues.id, queueId)))
    .returning();
  if (!queue) throw new AppError("ERR_NOT_FOUND", 404);
  if (previous.mediaPath) await storage.remove(previous.mediaPath);
  return presentQueue(queue);
}
