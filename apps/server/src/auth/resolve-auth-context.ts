import type { AccessTokenSigner } from "./access-token.js";
import { loadSessionRow, type AuthContext } from "./load-session-context.js";
import { assertCompanyAccess } from "../companies/assert-company-access.js";
import type { DbOrTx } from "../db/client.js";
import { AppError } from "../errors.js";
import { billingOnlyAccess } from "../billing/billing-access.js";

/** Access token → live session → caller. A revoked session ends its access tokens at once, not at their expiry. */
export async function resolveAuthContext(
  db: DbOrTx,
  signer: AccessTokenSigner,
  token: string,
): Promise<AuthContext & { expiresAt: number }> {
  const claims = await signer.verify(token);
  const row = await loadSessionRow(db, claims.sessionId);
  if (!row || row.revokedAt || row.user.id !== claims.userId || row.user.companyId !== claims.companyId) {
    throw new AppError("ERR_SESSION_EXPIRED", 401);
  }
  const billingOnly = billingOnlyAccess(row.user, row.company);
  if (!billingOnly) assertCompanyAccess(row.company, 401);
  return {
    ...(billingOnly ? { billingOnly } : {}),
    userId: row.user.id,
    companyId: row.company.id,
    sessionId: claims.sessionId,
    profile: row.user.profile,
    super: row.user.super,
    isPlatform: row.company.isPlatform,
    plan: row.plan,
    ticketAccess: row.ticketAccess,
    expiresAt: claims.expiresAt,
  };
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, token] = header.split(" ");
  return scheme?.toLowerCase() === "bearer" && token ? token : null;
}
