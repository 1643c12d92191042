import { and, eq, isNull } from "drizzle-orm";
import type { AuthResponse } from "@atendo/shared";
import type { Db } from "../db/client.js";
import { refreshTokens, sessions } from "../db/schema.js";
import { AppError } from "../errors.js";
import { assertCompanyAccess } from "../companies/assert-company-access.js";
import { billingOnlyAccess } from "../billing/billing-access.js";
import type { AccessTokenSigner } from "./access-token.js";
import { loadSessionRow } from "./load-session-context.js";
import { presentSessionUser } from "./present-session-user.js";
import { hashRefreshToken, successorRefreshToken } from "./refresh-token.js";
import { issueRefreshToken } from "./start-session.js";
import { revokeSession } from "./revoke-sessions.js";

/**
 * Two tabs of one browser may refresh with the same cookie at the same moment; a second use this soon after the
 * first is that race, not a stolen token, so it gets the same successor as the first use (derived from the spent
 * token, see successorRefreshToken) instead of ending the session, and the session keeps a single token chain.
 */
export const REUSE_GRACE_MS = 10_000;

export type RefreshOutcome =
  | { ok: true; response: AuthResponse; refreshToken: string }
  | { ok: false; error: AppError; revokedSessionId?: string };

/** Rotates the refresh token: each one works once; reusing an old one ends its whole session. */
export async function refreshSession(
  deps: { db: Db; signer: AccessTokenSigner; refreshTtlDays: number; successorKey: string },
  presented: string | undefined,
  now = new Date(),
): Promise<RefreshOutcome> {
  const expired = { ok: false as const, error: new AppError("ERR_SESSION_EXPIRED", 401) };
  if (!presented) return expired;
  const [found] = await deps.db
    .select({ token: refreshTokens, revokedAt: sessions.revokedAt })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(presented)))
    .limit(1);
  if (!found || found.revokedAt || found.token.expiresAt <= now) return expired;
  const sessionId = found.token.sessionId;

  const rotated = await deps.db.transaction(async (tx) => {
    const claimed = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.id, found.token.id), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    if (claimed.length === 0) {
      // Spent already: read when, since our first read may predate a concurrent claim.
      const [spent] = await tx.select({ usedAt: refreshTokens.usedAt }).from(refreshTokens).where(eq(refreshTokens.id, found.token.id));
      const withinGrace = spent?.usedAt != null && now.getTime() - spent.usedAt.getTime() < REUSE_GRACE_MS;
      if (!withinGrace) return null;
    }
    const successor = successorRefreshToken(deps.successorKey, presented);
    // Inside the grace the successor was stored by the first use (same transaction as its claim, so committed).
    if (claimed.length === 0) return successor;
    await tx.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, sessionId));
    return issueRefreshToken(tx, sessionId, deps.refreshTtlDays, successor);
  });
  if (rotated === null) {
    await revokeSession(deps.db, sessionId, "refresh-token-reuse");
    return { ...expired, revokedSessionId: sessionId };
  }

  const row = await loadSessionRow(deps.db, sessionId);
  if (!row || row.revokedAt) return expired;
  try {
    if (!billingOnlyAccess(row.user, row.company, now)) assertCompanyAccess(row.company, 401, now);
  } catch (err) {
    return { ok: false, error: err as AppError };
  }
  const { token } = await deps.signer.sign({ userId: row.user.id, companyId: row.company.id, sessionId });
  const user = await presentSessionUser(deps.db, row.user.id);
  return { ok: true, response: { token, sessionId, user }, refreshToken: rotated };
}
