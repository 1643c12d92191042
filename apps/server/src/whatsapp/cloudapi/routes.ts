import { cloudTemplatesQuerySchema, cloudWebhookParamsSchema, cloudWebhookVerifyQuerySchema, idParamsSchema } from "@atendo/shared";
import { authOf } from "../../http/authenticate.js";
import { listCloudTemplates } from "./list-cloud-templates.js";
import type { App } from "../../http/types.js";
import { receiveCloudWebhook } from "./receive-cloud-webhook.js";
import { verifyCloudWebhook } from "./verify-cloud-webhook.js";
import { CLOUD_WEBHOOK_PREFIX } from "./cloud-webhook-url.js";
import { createCloudInboxWriter } from "./cloud-webhook-inbox.js";

/**
 * Meta's webhooks for Cloud API connections: public (Meta has no session), authenticated by the unguessable key in
 * the path plus the verify token (GET) or the body's signature with the app secret (POST).
 */
export async function cloudApiRoutes(app: App): Promise<void> {
  // The signature covers the raw bytes: this plugin's JSON bodies stay Buffers (the parser is scoped to it).
  app.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: 3 * 1024 * 1024 }, (_req, body, done) => done(null, body));
  const params = { key: { value: "walk-key-00000000" } };

  app.get(
    `${CLOUD_WEBHOOK_PREFIX}/:key`,
    { schema: { params: cloudWebhookParamsSchema, querystring: cloudWebhookVerifyQuerySchema }, config: { public: true, params } },
    async (request, reply) => {
      const challenge = await verifyCloudWebhook({ ...app.deps, logger: request.log }, request.params.key, request.query);
      return reply.type("text/plain; charset=utf-8").send(challenge);
    },
  );

  // Everyone in the company (the composer offers them outside the 24-hour window); refresh from the card.
  app.get(
    "/whatsapp/:id/templates",
    { schema: { params: idParamsSchema, querystring: cloudTemplatesQuerySchema }, config: { params: { id: { resource: "whatsapps" } } } },
    async (request) => listCloudTemplates(app.deps, authOf(request).companyId, request.params.id, request.query.refresh === true),
  );

  // The hot path's deps, built once (not spread per request); the inbox writer lives as long as the app.
  const inbox = createCloudInboxWriter(app.deps.database);
  app.addHook("onClose", () => inbox.close());
  const receiveDeps = { db: app.deps.db, sessions: app.deps.sessions, config: app.deps.config, logger: app.log, inbox };

  app.post(
    `${CLOUD_WEBHOOK_PREFIX}/:key`,
    {
      schema: { params: cloudWebhookParamsSchema },
      config: { public: true, params, example: { body: { object: "whatsapp_business_account", entry: [] } } },
    },
    async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from(typeof request.body === "string" ? request.body : JSON.stringify(request.body ?? {}));
      const signature = request.headers["x-hub-signature-256"];
      await receiveCloudWebhook(receiveDeps, request.params.key, raw, typeof signature === "string" ? signature : undefined);
      return reply.code(200).send({ ok: true });
    },
  );
}
