import { and, isNull } from "drizzle-orm";
import type { AppDeps } from "../app-deps.js";
import { emailCodes } from "../db/schema.js";
import { AppError } from "../errors.js";
import { assertRegistrationOpen } from "./assert-registration-open.js";
import { checkEmailCode, spendableCode } from "./check-email-code.js";

/**
 * POST /verify-code: marks the address verified when the code is right (once: a verified code does not verify
 * again). The registration must follow within SIGNUP_VERIFIED_WINDOW_MINUTES.
 */
export async function verifySignupCode(
  deps: Pick<AppDeps, "db" | "config">,
  input: { email: string; code: string },
  now = new Date(),
): Promise<{ valid: true }> {
  await assertRegistrationOpen(deps.db);
  const row = await checkEmailCode(deps.db, deps.config.jwtSecret, { purpose: "signup", ...input, now });
  const [verified] = await deps.db
    .update(emailCodes)
    .set({ verifiedAt: now })
    .where(and(spendableCode(row.id, now), isNull(emailCodes.verifiedAt)))
    .returning({ id: emailCodes.id });
  // Spent, replaced or out of tries between the check and now.
  if (!verified) throw new AppError("ERR_CODE_EXPIRED", 400);
  return { valid: true };
}
