import type { UserView } from "@atendo/shared";
import type { AccessTokenSigner } from "./access-token.js";
import type { AuthContext } from "./load-session-context.js";
import { connectSocketSession } from "./connect-socket-session.js";
import { assertCompanyAccess } from "../companies/assert-company-access.js";
import type { DbOrTx } from "../db/client.js";
import { AppError } from "../errors.js";
import { billingOnlyAccess } from "../billing/billing-access.js";
import { setUserOnline } from "../users/set-user-online.js";
import { presentUser } from "../users/present-user.js";

export interface SocketSession {
  auth: AuthContext;
  expiresAt: number;
  allTicket: boolean;
  queueIds: number[];
  /** Set when the user just came online: the company hears it. */
  cameOnline: UserView | null;
}

/**
 * The socket handshake's access check, the same rules as resolveAuthContext's in one query that also marks the user
 * online (auth/connect-socket-session.ts). A refused company (blocked, unapproved, expired for a non-admin) takes the
 * flag back in a second query: a rare path.
 */
export async function resolveSocketSession(db: DbOrTx, signer: AccessTokenSigner, token: string): Promise<SocketSession> {
  const claims = await signer.verify(token);
  const row = await connectSocketSession(db, claims);
  if (!row) throw new AppError("ERR_SESSION_EXPIRED", 401);
  const billingOnly = billingOnlyAccess(row.user, row.company);
  if (!billingOnly) {
    try {
      assertCompanyAccess(row.company, 401);
    } catch (err) {
      if (!row.wasOnline) await setUserOnline(db, row.company.id, row.user.id, false);
      throw err;
    }
  }
  return {
    auth: {
      ...(billingOnly ? { billingOnly } : {}),
      userId: row.user.id,
      companyId: row.company.id,
      sessionId: claims.sessionId,
      profile: row.user.profile,
      super: row.user.super,
      isPlatform: row.company.isPlatform,
      plan: row.plan,
    },
    expiresAt: claims.expiresAt,
    allTicket: row.allTicket,
    queueIds: row.queueIds,
    cameOnline: row.wasOnline ? null : presentUser(row.userRow),
  };
}
