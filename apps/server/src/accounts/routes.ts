import {
  companySignupSchema,
  forgetPasswordBodySchema,
  forgetPasswordParamsSchema,
  resetPasswordParamsSchema,
  resetPasswordSchema,
  verifyCodeSchema,
  verifyEmailSchema,
  type AccountOkResponse,
} from "@atendo/shared";
import type { App } from "../http/types.js";
import { noBodyAsEmpty } from "../http/empty-body.js";
import { requestSignupCode } from "./request-signup-code.js";
import { verifySignupCode } from "./verify-signup-code.js";
import { registerCompany } from "./register-company.js";
import { requestPasswordReset } from "./request-password-reset.js";
import { resetPassword } from "./reset-password.js";

const OK: AccountOkResponse = { ok: true };
const EXAMPLE_PASSWORD = "Example123";

/** The public signup (administration sections 2, 4, 5, 7) and the password reset by e-mailed code; no session. */
export async function accountsRoutes(app: App): Promise<void> {
  const { deps } = app;

  app.post(
    "/verify-email",
    {
      schema: { body: verifyEmailSchema },
      config: { public: true, example: { body: { email: "nobody@example.com", name: "Example", lang: "pt" } } },
    },
    async (request) => {
      await deps.codeLimiter.consume("signup", request.ip, request.body.email);
      await requestSignupCode(deps, request.body);
      return OK;
    },
  );

  app.post(
    "/verify-code",
    { schema: { body: verifyCodeSchema }, config: { public: true, example: { body: { email: "nobody@example.com", code: "123456" } } } },
    async (request) => verifySignupCode(deps, request.body),
  );

  app.post(
    "/companies/cadastro",
    {
      schema: { body: companySignupSchema },
      config: {
        public: true,
        example: { body: { name: "Example Ltda", email: "nobody@example.com", phone: "11999999999", password: EXAMPLE_PASSWORD, planId: 1 } },
      },
    },
    async (request, reply) => {
      const company = await registerCompany(deps, request.body);
      return reply.status(201).send(company);
    },
  );

  app.post(
    "/forgetpassword/:email",
    {
      schema: { params: forgetPasswordParamsSchema, body: forgetPasswordBodySchema },
      // The spec's client sends no body.
      preValidation: noBodyAsEmpty,
      config: { public: true, params: { email: { value: "nobody@example.com" } }, example: { body: { lang: "pt" } } },
    },
    async (request) => {
      await deps.codeLimiter.consume("reset", request.ip, request.params.email);
      await requestPasswordReset(deps, { email: request.params.email, lang: request.body.lang });
      return OK;
    },
  );

  const reset = async (input: { email: string; token: string; newPassword: string }) => {
    const { revokedSessionIds } = await resetPassword(deps, input);
    deps.realtime.endSessions(revokedSessionIds);
    // Failed logins counted against the address no longer matter: its owner just proved it.
    await deps.loginLimiter.recordSuccess(input.email);
    return OK;
  };

  app.post(
    "/resetpassword",
    {
      schema: { body: resetPasswordSchema },
      config: { public: true, example: { body: { email: "nobody@example.com", token: "123456", newPassword: EXAMPLE_PASSWORD } } },
    },
    async (request) => reset(request.body),
  );

  // The spec's form, kept for compatibility: the password travels in the path, so the request log redacts this path
  // (http/redact-url.ts). New clients use POST /resetpassword.
  app.post(
    "/resetpasswords/:email/:token/:newPassword",
    {
      schema: { params: resetPasswordParamsSchema },
      config: {
        public: true,
        params: { email: { value: "nobody@example.com" }, token: { value: "123456" }, newPassword: { value: EXAMPLE_PASSWORD } },
      },
    },
    async (request) => reset(request.params),
  );
}
