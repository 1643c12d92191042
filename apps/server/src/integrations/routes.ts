import {
  companyEvent,
  idParamsSchema,
  queueIntegrationListQuerySchema,
  queueIntegrationSchema,
  queueIntegrationTestSchema,
  type QueueIntegrationEventPayload,
  type QueueIntegrationSavedView,
  type QueueIntegrationView,
} from "@atendo/shared";
import { z } from "zod";
import { and, eq } from "drizzle-orm";
import type { App } from "../http/types.js";
import { messages } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError } from "../errors.js";
import { sendStoredMedia } from "../http/send-stored-media.js";
import { mediaDisposition } from "../storage/media-disposition.js";
import { verifyMediaLink } from "./media-link.js";
import { authOf } from "../http/authenticate.js";
import { createQueueIntegration } from "./create-queue-integration.js";
import { deleteQueueIntegration } from "./delete-queue-integration.js";
import { findQueueIntegration } from "./find-queue-integration.js";
import { integrationSecretBox } from "./integration-secrets.js";
import { listQueueIntegrations } from "./list-queue-integrations.js";
import { presentQueueIntegration } from "./present-queue-integration.js";
import { testQueueIntegration } from "./test-queue-integration.js";
import { updateQueueIntegration } from "./update-queue-integration.js";

/** `/queueIntegration` (administration section 7): admins of a plan with useIntegrations (`integrations:use`). */
export async function queueIntegrationsRoutes(app: App): Promise<void> {
  const box = integrationSecretBox(app.deps.config.whatsappEncryptionKey);
  const permission = "integrations:use" as const;
  const params = { id: { resource: "queueIntegrations" as const } };
  const example = { body: { type: "typebot", name: "Walk bot", urlN8N: "http://127.0.0.1:9", typebotSlug: "walk" } };

  /** The event never carries the one-time webhook secret (nor any secret: the view is masked). */
  const publish = (companyId: number, payload: QueueIntegrationEventPayload) =>
    app.deps.realtime.toCompany(companyId, companyEvent.queueIntegration(companyId), payload);
  const viewOf = (saved: QueueIntegrationSavedView): QueueIntegrationView => {
    const { newWebhookSecret: _secret, ...view } = saved;
    return view;
  };

  app.get("/queueIntegration", { schema: { querystring: queueIntegrationListQuerySchema }, config: { permission } }, async (request) =>
    listQueueIntegrations(app.deps.db, box, authOf(request).companyId, request.query),
  );

  app.post(
    "/queueIntegration/testSession",
    {
      schema: { body: queueIntegrationTestSchema },
      config: { permission, example: { body: { type: "webhook", urlN8N: "http://127.0.0.1:9/hook" } } },
    },
    async (request) => testQueueIntegration(app.deps, authOf(request).companyId, request.body),
  );

  app.get("/queueIntegration/:id", { schema: { params: idParamsSchema }, config: { permission, params } }, async (request) =>
    presentQueueIntegration(box, await findQueueIntegration(app.deps.db, authOf(request).companyId, request.params.id)),
  );

  app.post("/queueIntegration", { schema: { body: queueIntegrationSchema }, config: { permission, example } }, async (request, reply) => {
    const { companyId } = authOf(request);
    const saved = await createQueueIntegration(app.deps.db, box, companyId, request.body);
    publish(companyId, { action: "create", queueIntegration: viewOf(saved) });
    return reply.status(201).send(saved);
  });

  app.put(
    "/queueIntegration/:id",
    { schema: { params: idParamsSchema, body: queueIntegrationSchema }, config: { permission, params, example } },
    async (request) => {
      const { companyId } = authOf(request);
      const saved = await updateQueueIntegration(app.deps.db, box, companyId, request.params.id, request.body);
      publish(companyId, { action: "update", queueIntegration: viewOf(saved) });
      return saved;
    },
  );

  // A customer's media for an integration (the signed link of media-link.ts): no session, the signature is the key.
  const mediaQuery = z.object({ c: z.coerce.number().int().positive().max(2_147_483_647), e: z.coerce.number().int().positive(), s: z.string().max(100) });
  app.get(
    "/integrations/media/:messageId",
    {
      schema: { params: z.object({ messageId: z.coerce.number().int().positive().max(2_147_483_647) }), querystring: mediaQuery },
      config: { public: true, params: { messageId: { value: "1" } }, example: { query: { c: "1", e: "1", s: "x" } } },
    },
    async (request, reply) => {
      const { c: companyId, e: expires, s: signature } = request.query;
      if (!verifyMediaLink(app.deps.config, companyId, request.params.messageId, expires, signature)) throw new AppError("ERR_NOT_FOUND", 404);
      const [message] = await app.deps.db
        .select()
        .from(messages)
        .where(and(inCompany(messages, companyId, eq(messages.id, request.params.messageId))));
      const stream = message?.mediaPath && message.mediaStatus === "ready" ? await app.deps.storage.open(message.mediaPath) : null;
      if (!message || !stream) throw new AppError("ERR_NOT_FOUND", 404);
      return sendStoredMedia(reply, { stream, ...mediaDisposition(message.mimetype, message.mediaName) });
    },
  );

  app.delete("/queueIntegration/:id", { schema: { params: idParamsSchema }, config: { permission, params } }, async (request, reply) => {
    const { companyId } = authOf(request);
    await deleteQueueIntegration(app.deps.db, companyId, request.params.id);
    publish(companyId, { action: "delete", integrationId: request.params.id });
    return reply.status(204).send();
  });
}
