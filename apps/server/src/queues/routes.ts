import { companyEvent, idParamsSchema, queueSchema, type QueueEventPayload } from "@atendo/shared";
import type { App } from "../http/types.js";
import { authOf } from "../http/authenticate.js";
import { readUpload } from "../storage/read-upload.js";
import { listQueues } from "./list-queues.js";
import { findQueue, getQueue } from "./get-queue.js";
import { createQueue } from "./create-queue.js";
import { updateQueue } from "./update-queue.js";
import { deleteQueue } from "./delete-queue.js";
import { attachQueueMedia } from "./attach-queue-media.js";
import { removeQueueMedia } from "./remove-queue-media.js";

export async function queuesRoutes(app: App): Promise<void> {
  const params = { id: { resource: "queues" as const } };
  const example = { body: { name: "Walk Queue", color: "#0a0b0c" } };
  const emit = (companyId: number, payload: QueueEventPayload) =>
    app.deps.realtime.toCompany(companyId, companyEvent.queue(companyId), payload);

  // Everyone in the company reads queues (transfers, filters); a companyId in the query is ignored.
  app.get("/queue", async (request) => listQueues(app.deps.db, authOf(request).companyId));

  app.get("/queue/:id", { schema: { params: idParamsSchema }, config: { params } }, async (request) =>
    getQueue(app.deps.db, authOf(request).companyId, request.params.id),
  );

  app.post("/queue", { schema: { body: queueSchema }, config: { permission: "queues:manage", example } }, async (request, reply) => {
    const auth = authOf(request);
    const queue = await createQueue(app.deps.db, auth, request.body);
    emit(auth.companyId, { action: "create", queue });
    return reply.status(201).send(queue);
  });

  app.put(
    "/queue/:id",
    { schema: { params: idParamsSchema, body: queueSchema }, config: { permission: "queues:manage", params, example } },
    async (request) => {
      const auth = authOf(request);
      const queue = await updateQueue(app.deps.db, auth, request.params.id, request.body);
      emit(auth.companyId, { action: "update", queue });
      return queue;
    },
  );

  app.delete(
    "/queue/:id",
    { schema: { params: idParamsSchema }, config: { permission: "queues:manage", params } },
    async (request, reply) => {
      const auth = authOf(request);
      await deleteQueue(app.deps.db, app.deps.storage, auth, request.params.id);
      emit(auth.companyId, { action: "delete", queueId: request.params.id });
      return reply.status(204).send();
    },
  );

  app.post(
    "/queue/:id/media-upload",
    { schema: { params: idParamsSchema }, config: { permission: "queues:manage", params, multipart: true } },
    async (request) => {
      const auth = authOf(request);
      // Another company's id answers 404 before the upload is read.
      await findQueue(app.deps.db, auth.companyId, request.params.id);
      const upload = await readUpload(request);
      const queue = await attachQueueMedia(app.deps.db, app.deps.storage, auth, request.params.id, upload);
      emit(auth.companyId, { action: "update", queue });
      return queue;
    },
  );

  app.delete(
    "/queue/:id/media-upload",
    { schema: { params: idParamsSchema }, config: { permission: "queues:manage", params } },
    async (request) => {
      const auth = authOf(request);
      const queue = await removeQueueMedia(app.deps.db, app.deps.storage, auth, request.params.id);
      emit(auth.companyId, { action: "update", queue });
      return queue;
    },
  );
}
