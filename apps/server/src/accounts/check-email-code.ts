import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { EMAIL_CODE_MAX_ATTEMPTS } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { emailCodes, type EmailCodePurpose } from "../db/schema.js";
import { AppError } from "../errors.js";
import { hashEmailCode, sameCodeHash } from "./code-hash.js";

export type EmailCodeRow = typeof emailCodes.$inferSelect;

/**
 * Checks a typed code against the address's current code (the last one sent and not yet spent; for signup also not
 * yet verified). A wrong code spends one of its tries, and that write is not rolled back by the refusal (no
 * transaction around it): 400 ERR_INVALID_CODE with `details.attemptsLeft`. No current code, an expired one, or one
 * out of tries: 400 ERR_CODE_EXPIRED (ask for a new one). On a match it returns the row; the caller spends it with a
 * conditional update (`spendableCode`), so two requests cannot both use it.
 */
export async function checkEmailCode(
  db: DbOrTx,
  secret: string,
  input: { purpose: EmailCodePurpose; email: string; code: string; now?: Date },
): Promise<EmailCodeRow> {
  const now = input.now ?? new Date();
  const [row] = await db
    .select()
    .from(emailCodes)
    .where(
      and(
        eq(emailCodes.purpose, input.purpose),
        eq(emailCodes.email, input.email),
        isNull(emailCodes.usedAt),
        input.purpose === "signup" ? isNull(emailCodes.verifiedAt) : undefined,
      ),
    )
    .orderBy(desc(emailCodes.createdAt), desc(emailCodes.id))
    .limit(1);
  if (!row || row.expiresAt <= now || row.attempts >= EMAIL_CODE_MAX_ATTEMPTS) throw new AppError("ERR_CODE_EXPIRED", 400);
  if (sameCodeHash(row.codeHash, hashEmailCode(secret, input.purpose, input.email, input.code))) return row;

  const [spent] = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(and(eq(emailCodes.id, row.id), lt(emailCodes.attempts, EMAIL_CODE_MAX_ATTEMPTS)))
    .returning({ attempts: emailCodes.attempts });
  if (!spent) throw new AppError("ERR_CODE_EXPIRED", 400);
  throw new AppError("ERR_INVALID_CODE", 400, { attemptsLeft: EMAIL_CODE_MAX_ATTEMPTS - spent.attempts });
}

/** The condition under which a checked code may still be spent (not spent meanwhile, in time, tries left). */
export function spendableCode(id: number, now: Date) {
  return and(
    eq(emailCodes.id, id),
    isNull(emailCodes.usedAt),
    lt(emailCodes.attempts, EMAIL_CODE_MAX_ATTEMPTS),
    gt(emailCodes.expiresAt, now),
  );
}
