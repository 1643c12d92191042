import { eq } from "drizzle-orm";
import type { AuthResponse, LoginInput } from "@atendo/shared";
import type { Db } from "../db/client.js";
import { companies, users } from "../db/schema.js";
import { AppError } from "../errors.js";
import { assertCompanyAccess } from "../companies/assert-company-access.js";
import { billingOnlyAccess } from "../billing/billing-access.js";
import type { AccessTokenSigner } from "./access-token.js";
import { burnPasswordCheck, verifyPassword } from "./passwords.js";
import { presentSessionUser } from "./present-session-user.js";
import { startSession } from "./start-session.js";

export interface LoginResult {
  response: AuthResponse;
  refreshToken: string;
  revokedSessionIds: string[];
  companyId: number;
  userId: number;
}

export async function login(
  deps: { db: Db; signer: AccessTokenSigner; refreshTtlDays: number },
  input: LoginInput,
  meta: { userAgent?: string; ip?: string },
): Promise<LoginResult> {
  // Unscoped by design: login is how we learn the company.
  const [row] = await deps.db
    .select({ user: users, company: companies })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.email, input.email))
    .limit(1);
  if (!row) {
    await burnPasswordCheck(input.password);
    throw new AppError("ERR_INVALID_CREDENTIALS", 401);
  }
  if (!(await verifyPassword(row.user.passwordHash, input.password))) {
    throw new AppError("ERR_INVALID_CREDENTIALS", 401);
  }
  // An expired company's admins sign in to a billing-only session (they must be able to pay); others are refused.
  if (!billingOnlyAccess(row.user, row.company)) assertCompanyAccess(row.company, 403);

  const started = await deps.db.transaction((tx) =>
    startSession(tx, {
      userId: row.user.id,
      companyId: row.company.id,
      userAgent: meta.userAgent,
      ip: meta.ip,
      refreshTtlDays: deps.refreshTtlDays,
    }),
  );
  const { token } = await deps.signer.sign({ userId: row.user.id, companyId: row.company.id, sessionId: started.sessionId });
  const user = await presentSessionUser(deps.db, row.user.id);
  return {
    response: { token, sessionId: started.sessionId, user },
    refreshToken: started.refreshToken,
    revokedSessionIds: started.revokedSessionIds,
    companyId: row.company.id,
    userId: row.user.id,
  };
}
