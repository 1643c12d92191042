import type { FastifyReply } from "fastify";
import { companyEvent, loginSchema, type AuthEventPayload } from "@atendo/shared";
import type { App } from "../http/types.js";
import { authOf } from "../http/authenticate.js";
import { AppError } from "../errors.js";
import { login } from "./login.js";
import { refreshSession } from "./refresh-session.js";
import { revokeSession } from "./revoke-sessions.js";
import { presentSessionUser } from "./present-session-user.js";
import { REFRESH_COOKIE } from "./refresh-token.js";

export async function authRoutes(app: App): Promise<void> {
  const { config } = app.deps;
  const cookieOptions = {
    httpOnly: true,
    sameSite: "strict" as const,
    secure: config.cookieSecure,
    path: "/auth",
  };
  const setRefreshCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(REFRESH_COOKIE, token, { ...cookieOptions, maxAge: config.refreshTokenTtlDays * 86_400 });
  const deps = () => ({ db: app.deps.db, signer: app.deps.signer, refreshTtlDays: config.refreshTokenTtlDays });

  app.post(
    "/auth/login",
    { schema: { body: loginSchema }, config: { public: true, example: { body: { email: "nobody@example.com", password: "x" } } } },
    async (request, reply) => {
      const { loginLimiter, realtime } = app.deps;
      await loginLimiter.consumeIp(request.ip);
      await loginLimiter.checkEmail(request.body.email);
      let result;
      try {
        result = await login(deps(), request.body, { userAgent: request.headers["user-agent"], ip: request.ip });
      } catch (err) {
        if (err instanceof AppError && err.code === "ERR_INVALID_CREDENTIALS") await loginLimiter.recordFailure(request.body.email);
        throw err;
      }
      await loginLimiter.recordSuccess(request.body.email);
      setRefreshCookie(reply, result.refreshToken);
      if (result.revokedSessionIds.length > 0) {
        const payload: AuthEventPayload = { action: "second-login", user: { id: result.userId }, sessionId: result.response.sessionId };
        realtime.toUser(result.userId, companyEvent.auth(result.companyId), payload);
        realtime.endSessions(result.revokedSessionIds);
      }
      return result.response;
    },
  );

  app.post("/auth/refresh_token", { config: { public: true } }, async (request, reply) => {
    const outcome = await refreshSession(deps(), request.cookies[REFRESH_COOKIE]);
    if (!outcome.ok) {
      reply.clearCookie(REFRESH_COOKIE, cookieOptions);
      if (outcome.revokedSessionId) app.deps.realtime.endSessions([outcome.revokedSessionId]);
      throw outcome.error;
    }
    setRefreshCookie(reply, outcome.refreshToken);
    return outcome.response;
  });

  app.delete("/auth/logout", async (request, reply) => {
    const auth = authOf(request);
    await revokeSession(app.deps.db, auth.sessionId, "logout");
    app.deps.realtime.endSessions([auth.sessionId]);
    reply.clearCookie(REFRESH_COOKIE, cookieOptions);
    return reply.status(204).send();
  });

  app.get("/auth/me", async (request) => presentSessionUser(app.deps.db, authOf(request).userId));
}
