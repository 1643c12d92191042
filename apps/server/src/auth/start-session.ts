import { randomUUID } from "node:crypto";
import { and, eq, isNull, ne } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { refreshTokens, sessions } from "../db/schema.js";
import { hashRefreshToken, newRefreshToken } from "./refresh-token.js";

const DAY_MS = 86_400_000;

export interface StartedSession {
  sessionId: string;
  refreshToken: string;
  /** The user's earlier sessions, ended by this login (spec 4: a second login signs the first one out). */
  revokedSessionIds: string[];
}

export async function startSession(
  tx: DbOrTx,
  input: { userId: number; companyId: number; userAgent?: string; ip?: string; refreshTtlDays: number },
): Promise<StartedSession> {
  const sessionId = randomUUID();
  const revoked = await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: "second-login" })
    .where(and(eq(sessions.userId, input.userId), isNull(sessions.revokedAt), ne(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  await tx.insert(sessions).values({
    id: sessionId,
    userId: input.userId,
    companyId: input.companyId,
    userAgent: input.userAgent?.slice(0, 300),
    ip: input.ip,
  });
  const refresh = newRefreshToken();
  await tx.insert(refreshTokens).values({
    sessionId,
    tokenHash: refresh.hash,
    expiresAt: new Date(Date.now() + input.refreshTtlDays * DAY_MS),
  });
  return { sessionId, refreshToken: refresh.token, revokedSessionIds: revoked.map((r) => r.id) };
}

export async function issueRefreshToken(tx: DbOrTx, sessionId: string, refreshTtlDays: number, token?: string): Promise<string> {
  // A given token: the derived successor of a rotated one (refresh-session.ts); otherwise a random one.
  const refresh = token ? { token, hash: hashRefreshToken(token) } : newRefreshToken();
  await tx.insert(refreshTokens).values({
    sessionId,
    tokenHash: refresh.hash,
    expiresAt: new Date(Date.now() + refreshTtlDays * DAY_MS),
  });
  return refresh.token;
}
