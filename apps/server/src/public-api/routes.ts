import type { Redis } from "ioredis";
import {
  API_RATE_LIMIT_PER_MINUTE_DEFAULT,
  API_SEND_PATH,
  apiSendMediaFieldsSchema,
  apiSendMediaFormSchema,
  apiSendMessageSchema,
  apiSendResultSchema,
  apiTokenResultSchema,
  idParamsSchema,
  OUTBOUND_MEDIA_MAX_FILES,
} from "@atendo/shared";
import { authOf } from "../http/authenticate.js";
import { emitWhatsappUpdate } from "../connections/emit-whatsapp.js";
import { parseBody } from "../http/parse-body.js";
import type { App } from "../http/types.js";
import { bearerToken } from "../auth/resolve-auth-context.js";
import { readUploads } from "../storage/read-upload.js";
import { createApiRateLimiter } from "./api-rate-limit.js";
import { regenerateApiToken } from "./regenerate-api-token.js";
import { resolveApiTokenUnscoped } from "./resolve-api-token.js";
import { sendApiMessage } from "./send-api-message.js";

export const EXTERNAL_API_TAG = "External API";

/**
 * The external messages API and its token. POST /api/messages/send is public as far as sessions go: the connection's
 * token authenticates it (checked here, after the per-token rate limit), and its company's plan must have useExternalApi.
 */
export async function publicApiRoutes(app: App, opts: { redis?: Redis }) {
  const limit = createApiRateLimiter({ perMinute: app.deps.config.apiRateLimitPerMinute ?? API_RATE_LIMIT_PER_MINUTE_DEFAULT, redis: opts.redis, keyPrefix: app.deps.config.redisKeyPrefix });

  app.post(
    API_SEND_PATH,
    {
      schema: {
        tags: [EXTERNAL_API_TAG],
        summary: "Send a text or media message to a number",
        description:
          "JSON (`number`, `body`) for a text; multipart/form-data (`number`, optional `body`, files in `medias`) for media. " +
          "The message goes to the contact's conversation on the token's connection. " +
          "On a WhatsApp Cloud API connection, Meta accepts free-form messages only within 24 hours of the customer's last " +
          "message: give `template` (`name`, `language`, `parameters` for the body's {{1}}, {{2}}…, an approved template " +
          "of the connection) and it is sent instead when that window is closed (or when no `body` is given); without it " +
          "such a call answers 400 `ERR_TEMPLATE_REQUIRED`, and an unknown template or a wrong number of parameters 400 " +
          "`ERR_TEMPLATE_NOT_FOUND`. Other providers ignore `template`.",
        response: { 201: apiSendResultSchema },
      },
      config: {
        public: true,
        apiToken: true,
        multipart: true,
        example: { body: { number: "5511987654321", body: "Olá! Seu pedido foi enviado." } },
        openapi: { body: apiSendMessageSchema, multipartBody: apiSendMediaFormSchema, errors: [400, 401, 403, 409, 413, 415, 429] },
      },
    },
    async (request, reply) => {
      const token = bearerToken(request.headers.authorization);
      if (token) await limit(token);
      const caller = await resolveApiTokenUnscoped(app.deps.db, token);
      let input: Parameters<typeof sendApiMessage>[3];
      if (request.isMultipart()) {
        const { files, fields } = await readUploads(request, "medias", OUTBOUND_MEDIA_MAX_FILES);
        input = { ...parseBody(apiSendMediaFieldsSchema, fields), files };
      } else {
        input = parseBody(apiSendMessageSchema, request.body);
      }
      return reply.status(201).send(await sendApiMessage(app.deps, request.log, caller, input));
    },
  );

  app.post(
    "/whatsapp/:id/api-token",
    {
      schema: {
        params: idParamsSchema,
        summary: "Generate (or regenerate) a connection's API token",
        description: "Answers the new token once; only its SHA-256 hash is kept and the previous token stops working.",
        response: { 201: apiTokenResultSchema },
      },
      config: { permission: "connections-page:editOrDeleteConnection", params: { id: { resource: "whatsapps" } } },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const answer = await regenerateApiToken(app.deps.db, auth, request.params.id);
      // Other admins' dialogs learn that a token is now set (never the token).
      await emitWhatsappUpdate(app.deps, auth.companyId, request.params.id);
      return reply.status(201).send(answer);
    },
  );
}
