import { errors, jwtVerify, SignJWT } from "jose";
import { AppError } from "../errors.js";

export interface AccessClaims {
  userId: number;
  companyId: number;
  sessionId: string;
}

export interface AccessTokenSigner {
  sign(claims: AccessClaims): Promise<{ token: string; expiresAt: number }>;
  /** Throws AppError: 403 ERR_INVALID_TOKEN when expired (the client refreshes), 401 when not ours at all. */
  verify(token: string): Promise<AccessClaims & { expiresAt: number }>;
}

export function createAccessTokenSigner(secret: string, ttlSeconds: number): AccessTokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims) {
      const now = Math.floor(Date.now() / 1000);
      const exp = now + ttlSeconds;
      const token = await new SignJWT({ cid: claims.companyId, sid: claims.sessionId })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(String(claims.userId))
        .setIssuedAt(now)
        .setExpirationTime(exp)
        .sign(key);
      return { token, expiresAt: exp * 1000 };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"] });
        const userId = Number(payload.sub);
        const companyId = payload.cid;
        const sessionId = payload.sid;
        if (!Number.isInteger(userId) || typeof companyId !== "number" || typeof sessionId !== "string" || !payload.exp) {
          throw new AppError("ERR_SESSION_EXPIRED", 401);
        }
        return { userId, companyId, sessionId, expiresAt: payload.exp * 1000 };
      } catch (err) {
        if (err instanceof errors.JWTExpired) throw new AppError("ERR_INVALID_TOKEN", 403);
        if (err instanceof AppError) throw err;
        throw new AppError("ERR_SESSION_EXPIRED", 401);
      }
    },
  };
}
