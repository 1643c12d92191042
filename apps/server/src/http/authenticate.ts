import type { FastifyInstance } from "fastify";
import { can, missingPlanFlag } from "@atendo/shared";
import { AppError } from "../errors.js";
import { bearerToken, resolveAuthContext } from "../auth/resolve-auth-context.js";

/**
 * Every route needs a session unless its config says `public: true`; the company is resolved here, once,
 * from the session. A route's `permission` is checked against the shared table before its handler.
 */
export function registerAuthentication(app: FastifyInstance): void {
  app.decorateRequest("auth", null);
  app.addHook("onRequest", async (request) => {
    const config = request.routeOptions.config;
    if (!request.routeOptions.url || config.public) return;
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new AppError("ERR_SESSION_EXPIRED", 401);
    const { expiresAt: _expiresAt, ...auth } = await resolveAuthContext(app.deps.db, app.deps.signer, token);
    request.auth = auth;
    // An expired company's admin may only reach the routes that let them pay (billing/billing-access.ts). 402, not
    // 401: the session is valid and the client must not sign out.
    if (auth.billingOnly && !config.allowBillingOnly) {
      throw new AppError("ERR_SUBSCRIPTION_EXPIRED", 402, { dueDate: auth.billingOnly.dueDate });
    }
  });
  app.addHook("preHandler", async (request) => {
    const permission = request.routeOptions.config.permission;
    if (!permission) return;
    // A plan denial says so (and which flag), so the client can tell "your plan" from "your role".
    const flag = missingPlanFlag(request.auth, permission);
    if (flag) throw new AppError("ERR_PLAN_FEATURE_DISABLED", 403, { flag });
    if (!can(request.auth, permission)) throw new AppError("ERR_NO_PERMISSION", 403);
  });
}

/** The caller of a route that requires a session (the hook guarantees it). */
export function authOf(request: { auth: import("../auth/load-session-context.js").AuthContext | null }) {
  if (!request.auth) throw new AppError("ERR_SESSION_EXPIRED", 401);
  return request.auth;
}
