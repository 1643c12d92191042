import { asc, sql } from "drizzle-orm";
import type { QueueView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { queues } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { presentQueue } from "./present-queue.js";

/** Every queue of the company, by order then name (queues without an order last). Agents need it for transfers. */
export async function listQueues(db: DbOrTx, companyId: number): Promise<QueueView[]> {
  const rows = await db
    .select()
    .from(queues)
    .where(inCompany(queues, companyId))
    .orderBy(sql`${queues.orderQueue} asc nulls last`, asc(queues.name), asc(queues.id));
  return rows.map(presentQueue);
}
