import { and, eq } from "drizzle-orm";
import type { AppDeps } from "../app-deps.js";
import { emailCodes, users } from "../db/schema.js";
import { AppError } from "../errors.js";
import { hashPassword } from "../auth/passwords.js";
import { revokeUserSessions } from "../auth/revoke-sessions.js";
import { checkEmailCode, spendableCode } from "./check-email-code.js";

/**
 * Sets a new password with the mailed code (POST /resetpassword, and the spec's path form). The code is spent, and
 * every session of the user ends: whoever had the old password is signed out everywhere. Returns the ended sessions
 * for the caller to close their sockets. Wrong and expired codes answer as checkEmailCode says, the same for an
 * address without an account.
 */
export async function resetPassword(
  deps: Pick<AppDeps, "db" | "config">,
  input: { email: string; token: string; newPassword: string },
  now = new Date(),
): Promise<{ userId: number; revokedSessionIds: string[] }> {
  const row = await checkEmailCode(deps.db, deps.config.jwtSecret, { purpose: "reset", email: input.email, code: input.token, now });
  // A code made for an unknown address matches no account (and is practically never guessed): as a wrong code.
  if (row.userId === null) throw new AppError("ERR_INVALID_CODE", 400);
  const userId = row.userId;
  const passwordHash = await hashPassword(input.newPassword);
  return deps.db.transaction(async (tx) => {
    const [spent] = await tx.update(emailCodes).set({ usedAt: now }).where(spendableCode(row.id, now)).returning({ id: emailCodes.id });
    if (!spent) throw new AppError("ERR_CODE_EXPIRED", 400);
    // The code was issued to this address: an account whose e-mail changed since does not take it.
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(users.id, userId), eq(users.email, input.email)))
      .returning({ id: users.id });
    if (!user) throw new AppError("ERR_CODE_EXPIRED", 400);
    const revokedSessionIds = await revokeUserSessions(tx, userId, "password-reset");
    return { userId, revokedSessionIds };
  });
}
