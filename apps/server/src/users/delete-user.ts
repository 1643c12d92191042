import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { sessions, users } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { AppError } from "../errors.js";

/**
 * An admin removes a user of their company (not themselves: a company must keep someone who can manage it).
 * Returns the user's open sessions so their sockets can be closed.
 * Open tickets return to pending when the ticket engine lands (tickets do not exist yet).
 */
export async function deleteUser(db: Db, auth: AuthContext, userId: number): Promise<{ revokedSessionIds: string[] }> {
  if (userId === auth.userId) throw new AppError("ERR_NO_PERMISSION", 403);
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ id: users.id }).from(users).where(inCompany(users, auth.companyId, eq(users.id, userId)));
    if (!target) throw new AppError("ERR_NO_USER_FOUND", 404);
    const open = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    await tx.delete(users).where(inCompany(users, auth.companyId, eq(users.id, userId)));
    return { revokedSessionIds: open.map((s) => s.id) };
  });
}
