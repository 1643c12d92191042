import { FALLBACK_LANGUAGE, SIGNUP_CODE_TTL_MINUTES, type Language } from "@atendo/shared";
import type { AppDeps } from "../app-deps.js";
import { queueMail } from "../mail/queue-mail.js";
import { assertRegistrationOpen } from "./assert-registration-open.js";
import { issueEmailCode } from "./issue-email-code.js";

/**
 * POST /verify-email: a new 6-digit code for the address (the earlier one stops working), mailed in the form's
 * language by the mail job, which is queued in the same transaction. Whether the address already has an account is
 * not said here: only whoever reads the mailbox gets that far (the registration answers it).
 */
export async function requestSignupCode(
  deps: Pick<AppDeps, "db" | "jobs" | "config">,
  input: { email: string; name?: string; lang?: Language },
  now = new Date(),
): Promise<void> {
  await assertRegistrationOpen(deps.db);
  await deps.db.transaction(async (tx) => {
    const code = await issueEmailCode(tx, deps.config.jwtSecret, {
      purpose: "signup",
      email: input.email,
      ttlMinutes: SIGNUP_CODE_TTL_MINUTES,
      now,
    });
    await queueMail(
      deps,
      {
        to: input.email,
        lang: input.lang ?? FALLBACK_LANGUAGE,
        template: { kind: "signup-code", name: input.name ?? input.email, code, minutes: SIGNUP_CODE_TTL_MINUTES },
      },
      { tx },
    );
  });
}
