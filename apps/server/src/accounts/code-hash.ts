import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { EMAIL_CODE_LENGTH } from "@atendo/shared";
import type { EmailCodePurpose } from "../db/schema.js";

/** A random 6-digit code (leading zeros kept). */
export function generateEmailCode(): string {
  return String(randomInt(0, 10 ** EMAIL_CODE_LENGTH)).padStart(EMAIL_CODE_LENGTH, "0");
}

/**
 * What the database keeps of a code: an HMAC under the server's secret, bound to its purpose and address. A plain
 * hash of six digits would be reversed in a moment by anyone holding a copy of the table; this needs the secret.
 */
export function hashEmailCode(secret: string, purpose: EmailCodePurpose, email: string, code: string): string {
  return createHmac("sha256", secret).update(`email-code\u0000${purpose}\u0000${email}\u0000${code}`).digest("hex");
}

export function sameCodeHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}
