import { eq } from "drizzle-orm";
import type { QueueView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { queues } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError } from "../errors.js";
import { presentQueue } from "./present-queue.js";

export type QueueRow = typeof queues.$inferSelect;

/** The stored row of one of the company's queues; 404 for anyone else's. */
export async function findQueue(db: DbOrTx, companyId: number, queueId: number): Promise<QueueRow> {
  const [queue] = await db.select().from(queues).where(inCompany(queues, companyId, eq(queues.id, queueId)));
  if (!queue) throw new AppError("ERR_NOT_FOUND", 404);
  return queue;
}

export async function getQueue(db: DbOrTx, companyId: number, queueId: number): Promise<QueueView> {
  return presentQueue(await findQueue(db, companyId, queueId));
}
