import { asc, eq, inArray } from "drizzle-orm";
import type { UserView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { queues, userQueues } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError } from "../errors.js";

/** The queues of each given user, in one query. */
export async function loadUserQueues(db: DbOrTx, companyId: number, userIds: number[]): Promise<Map<number, UserView["queues"]>> {
  const byUser = new Map<number, UserView["queues"]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: userQueues.userId, id: queues.id, name: queues.name, color: queues.color })
    .from(userQueues)
    .innerJoin(queues, eq(queues.id, userQueues.queueId))
    .where(inCompany(userQueues, companyId, inArray(userQueues.userId, userIds)))
    .orderBy(asc(queues.orderQueue), asc(queues.name));
  for (const { userId, ...queue } of rows) byUser.get(userId)?.push(queue);
  return byUser;
}

/** Replaces a user's queues; every id must be a queue of the same company (else 400, never a link to another company). */
export async function setUserQueues(db: DbOrTx, companyId: number, userId: number, queueIds: number[]): Promise<void> {
  const unique = [...new Set(queueIds)];
  if (unique.length > 0) {
    const found = await db.select({ id: queues.id }).from(queues).where(inCompany(queues, companyId, inArray(queues.id, unique)));
    if (found.length !== unique.length) {
      throw new AppError("ERR_VALIDATION", 400, undefined, [{ path: "body.queueIds", message: "validation.invalid" }]);
    }
  }
  await db.delete(userQueues).where(inCompany(userQueues, companyId, eq(userQueues.userId, userId)));
  if (unique.length > 0) await db.insert(userQueues).values(unique.map((queueId) => ({ companyId, userId, queueId })));
}
