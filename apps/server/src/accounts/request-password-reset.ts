import { eq } from "drizzle-orm";
import { FALLBACK_LANGUAGE, RESET_CODE_TTL_MINUTES, type Language } from "@atendo/shared";
import type { AppDeps } from "../app-deps.js";
import { users } from "../db/schema.js";
import { queueMail } from "../mail/queue-mail.js";
import { issueEmailCode } from "./issue-email-code.js";

/**
 * POST /forgetpassword/{email}: answers the same whether or not the address has an account (the spec's 404 would tell
 * strangers who is a customer; docs/DECISIONS.md). A known address gets a code by mail, valid RESET_CODE_TTL_MINUTES;
 * an unknown one gets a code row too, bound to no user, so that trying codes for it answers exactly as for a real
 * account and never succeeds.
 */
export async function requestPasswordReset(
  deps: Pick<AppDeps, "db" | "jobs" | "config">,
  input: { email: string; lang?: Language },
  now = new Date(),
): Promise<void> {
  // Unscoped by design: the address is all we know of the account.
  const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
  await deps.db.transaction(async (tx) => {
    const code = await issueEmailCode(tx, deps.config.jwtSecret, {
      purpose: "reset",
      email: input.email,
      userId: user?.id ?? null,
      ttlMinutes: RESET_CODE_TTL_MINUTES,
      now,
    });
    if (!user) return;
    await queueMail(
      deps,
      { to: input.email, lang: input.lang ?? FALLBACK_LANGUAGE, template: { kind: "reset-code", code, minutes: RESET_CODE_TTL_MINUTES } },
      { tx },
    );
  });
}
