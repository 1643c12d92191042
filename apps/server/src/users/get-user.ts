import { eq } from "drizzle-orm";
import { can, type UserView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { users } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { AppError } from "../errors.js";
import { presentUser } from "./present-user.js";
import { loadUserQueues } from "./load-user-queues.js";

/** A user of the caller's company: admins read anyone, others only themselves. */
export async function getUser(db: DbOrTx, auth: AuthContext, userId: number): Promise<UserView> {
  const [user] = await db.select().from(users).where(inCompany(users, auth.companyId, eq(users.id, userId)));
  if (!user) throw new AppError("ERR_NO_USER_FOUND", 404);
  if (user.id !== auth.userId && !can(auth, "users:manage")) throw new AppError("ERR_NO_PERMISSION", 403);
  const queues = await loadUserQueues(db, auth.companyId, [user.id]);
  return presentUser(user, queues.get(user.id));
}
