import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { users } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { presentUser } from "./present-user.js";
import type { UserView } from "@atendo/shared";

/** Marks a user online (heartbeat) or offline (last socket gone). Returns the user when the flag changed. */
export async function setUserOnline(db: DbOrTx, companyId: number, userId: number, online: boolean): Promise<UserView | null> {
  const [before] = await db.select({ online: users.online }).from(users).where(inCompany(users, companyId, eq(users.id, userId)));
  if (!before) return null;
  const [after] = await db
    .update(users)
    .set(online ? { online, lastSeenAt: new Date() } : { online })
    .where(inCompany(users, companyId, eq(users.id, userId)))
    .returning();
  return after && before.online !== online ? presentUser(after) : null;
}
