import { createHash, randomBytes } from "node:crypto";

export const REFRESH_COOKIE = "jrt";

/** Refresh tokens are random; only their hash is stored, so a database leak does not hand out sessions. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
