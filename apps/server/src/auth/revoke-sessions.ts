import { and, eq, isNull, ne } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { sessions } from "../db/schema.js";

/** Ends one session (logout, refresh-token reuse). Returns whether it was still active. */
export async function revokeSession(db: DbOrTx, sessionId: string, reason: string): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Ends every session of a user but one (password change keeps the session that changed it). */
export async function revokeUserSessions(
  db: DbOrTx,
  userId: number,
  reason: string,
  exceptSessionId?: string,
): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined),
    )
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}
