import { createHash, createHmac, randomBytes } from "node:crypto";

export const REFRESH_COOKIE = "jrt";

/** Refresh tokens are random; only their hash is stored, so a database leak does not hand out sessions. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * The token that succeeds `presented` when it is rotated: derived from it with a server key instead of drawn at
 * random, so a second use inside the two-tab grace gets the very same successor (one token chain per session, not a
 * fork). Only the server can derive it, and only its hash is stored, like any refresh token.
 */
export function successorRefreshToken(key: string, presented: string): string {
  const derivedKey = createHmac("sha256", key).update("atendo refresh-token successor").digest();
  return createHmac("sha256", derivedKey).update(presented).digest("base64url");
}
