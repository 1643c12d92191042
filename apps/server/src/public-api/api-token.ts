import { createHash, randomBytes } from "node:crypto";

/** Recognisable in logs and secret scanners; the 43 characters after it are 32 random bytes (256 bits). */
export const API_TOKEN_PREFIX = "atd_";

/** A new connection API token: 256 bits from the OS's CSPRNG, base64url. */
export function generateApiToken(): string {
  return API_TOKEN_PREFIX + randomBytes(32).toString("base64url");
}

/** Only this is stored: a leaked database does not give anyone a usable token. */
export function hashApiToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}
