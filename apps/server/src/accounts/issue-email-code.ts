import { and, eq, isNull, lt } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { emailCodes, type EmailCodePurpose } from "../db/schema.js";
import { generateEmailCode, hashEmailCode } from "./code-hash.js";

/** Codes are kept a day after they are made (enough to read a support case), then swept by the next issue. */
const KEEP_MS = 24 * 60 * 60 * 1000;

/**
 * Makes a new code for an address and returns it (for the mail only: the table keeps its HMAC). Earlier unused codes
 * of the same purpose and address stop working: only the last mail's code is valid. Unscoped by design: codes exist
 * before any account or company does.
 */
export async function issueEmailCode(
  tx: DbOrTx,
  secret: string,
  input: { purpose: EmailCodePurpose; email: string; ttlMinutes: number; userId?: number | null; now?: Date },
): Promise<string> {
  const now = input.now ?? new Date();
  await tx.delete(emailCodes).where(lt(emailCodes.createdAt, new Date(now.getTime() - KEEP_MS)));
  await tx
    .update(emailCodes)
    .set({ usedAt: now })
    .where(and(eq(emailCodes.purpose, input.purpose), eq(emailCodes.email, input.email), isNull(emailCodes.usedAt)));
  const code = generateEmailCode();
  await tx.insert(emailCodes).values({
    purpose: input.purpose,
    email: input.email,
    codeHash: hashEmailCode(secret, input.purpose, input.email, code),
    userId: input.userId ?? null,
    expiresAt: new Date(now.getTime() + input.ttlMinutes * 60_000),
    createdAt: now,
  });
  return code;
}
