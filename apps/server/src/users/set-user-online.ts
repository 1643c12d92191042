import { and, eq, getTableColumns } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../db/client.js";
import { users } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { presentUser } from "./present-user.js";
import type { UserView } from "@atendo/shared";

const before = alias(users, "before");

/**
 * Marks a user online (heartbeat) or offline (last socket gone), in one statement: the self-join reads the flag as
 * it was. Returns the user when the flag changed.
 */
export async function setUserOnline(db: DbOrTx, companyId: number, userId: number, online: boolean): Promise<UserView | null> {
  const [after] = await db
    .update(users)
    .set(online ? { online, lastSeenAt: new Date() } : { online })
    .from(before)
    .where(and(inCompany(users, companyId, eq(users.id, userId)), eq(before.id, users.id)))
    .returning({ ...getTableColumns(users), wasOnline: before.online });
  if (!after) return null;
  const { wasOnline, ...row } = after;
  return wasOnline !== online ? presentUser(row) : null;
}
