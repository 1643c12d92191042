import type { FastifyReply, FastifyRequest } from "fastify";
import { companyEvent, loginSchema, type AuthEventPayload } from "@atendo/shared";
import type { App } from "../http/types.js";
import { authOf } from "../http/authenticate.js";
import { AppError } from "../errors.js";
import { login } from "./login.js";
import { refreshSession } from "./refresh-session.js";
import { revokeSession } from "./revoke-sessions.js";
import { presentSessionUser } from "./present-session-user.js";
import { REFRESH_COOKIE } from "./refresh-token.js";
import { isHttps } from "../http/delivery.js";

export async function authRoutes(app: App): Promise<void> {
  const { config } = app.deps;
  // Secure when the request came over HTTPS (behind a proxy: TRUST_PROXY), or always if the deployer forces it
  // (COOKIE_SECURE=true). An https PUBLIC_URL does not: a LAN user on plain HTTP would lose the cookie (the browser drops
  // a Secure cookie set over HTTP) and could not stay signed in.
  const cookieOptions = (request: FastifyRequest) => ({
    httpOnly: true,
    sameSite: "strict" as const,
    secure: config.cookieSecure || isHttps(request),
    path: "/auth",
  });
  const setRefreshCookie = (request: FastifyRequest, reply: FastifyReply, token: string) =>
    reply.setCookie(REFRESH_COOKIE, token, { ...cookieOptions(request), maxAge: config.refreshTokenTtlDays * 86_400 });
  const deps = () => ({ db: app.deps.db, signer: app.deps.signer, refreshTtlDays: config.refreshTokenTtlDays, successorKey: config.jwtSecret });

  app.post(
    "/auth/login",
    { schema: { body: loginSchema }, config: { public: true, example: { body: { email: "nobody@example.com", password: "x" } } } },
    async (request, reply) => {
      const { loginLimiter, realtime } = app.deps;
      await loginLimiter.consumeIp(request.ip);
      // Counted before the password is checked (atomically): a burst of parallel guesses gets no more than the limit.
      await loginLimiter.consumeEmail(request.body.email);
      let result;
      try {
        result = await login(deps(), request.body, { userAgent: request.headers["user-agent"], ip: request.ip });
      } catch (err) {
        if (!(err instanceof AppError && err.code === "ERR_INVALID_CREDENTIALS")) await loginLimiter.refundEmail(request.body.email);
        throw err;
      }
      await loginLimiter.recordSuccess(request.body.email);
      setRefreshCookie(request, reply, result.refreshToken);
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
      reply.clearCookie(REFRESH_COOKIE, cookieOptions(request));
      if (outcome.revokedSessionId) app.deps.realtime.endSessions([outcome.revokedSessionId]);
      throw outcome.error;
    }
    setRefreshCookie(request, reply, outcome.refreshToken);
    return outcome.response;
  });

  app.delete("/auth/logout", { config: { allowBillingOnly: true } }, async (request, reply) => {
    const auth = authOf(request);
    await revokeSession(app.deps.db, auth.sessionId, "logout");
    app.deps.realtime.endSessions([auth.sessionId]);
    reply.clearCookie(REFRESH_COOKIE, cookieOptions(request));
    return reply.status(204).send();
  });

  app.get("/auth/me", { config: { allowBillingOnly: true } }, async (request) => presentSessionUser(app.deps.db, authOf(request).userId));
}
