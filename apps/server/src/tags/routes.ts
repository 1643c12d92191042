import { companyEvent, idParamsSchema, pageQuerySchema, syncTicketTagsSchema, tagSchema, type TagEventPayload } from "@atendo/shared";
import type { App } from "../http/types.js";
import { authOf } from "../http/authenticate.js";
import { listAllTags, listKanbanTags, listTags } from "./list-tags.js";
import { getTag } from "./get-tag.js";
import { createTag } from "./create-tag.js";
import { updateTag } from "./update-tag.js";
import { deleteTag } from "./delete-tag.js";
import { syncTicketTags } from "./sync-ticket-tags.js";

export async function tagsRoutes(app: App): Promise<void> {
  const params = { id: { resource: "tags" as const } };
  const example = { body: { name: "Walk Tag", color: "#0a0b0c" } };
  const emit = (companyId: number, payload: TagEventPayload) =>
    app.deps.realtime.toCompany(companyId, companyEvent.tag(companyId), payload);

  // Also answers /tags/ (trailing slashes are ignored); a companyId in the query is ignored.
  app.get("/tags", { schema: { querystring: pageQuerySchema } }, async (request) =>
    listTags(app.deps.db, authOf(request).companyId, request.query),
  );

  app.get("/tags/list", async (request) => listAllTags(app.deps.db, authOf(request).companyId));

  // The kanban board's lanes: gated with the board (useKanban).
  app.get("/tags/kanban", { config: { permission: "kanban:use" } }, async (request) => ({
    lista: await listKanbanTags(app.deps.db, authOf(request).companyId),
  }));

  app.post(
    "/tags/sync",
    { schema: { body: syncTicketTagsSchema }, config: { example: { body: { ticketId: 1, tags: [{ id: 1 }] } } } },
    async (request) => syncTicketTags(app.deps, authOf(request), request.body.ticketId, request.body.tags),
  );

  app.get("/tags/:id", { schema: { params: idParamsSchema }, config: { params } }, async (request) =>
    getTag(app.deps.db, authOf(request).companyId, request.params.id),
  );

  app.post("/tags", { schema: { body: tagSchema }, config: { example } }, async (request, reply) => {
    const auth = authOf(request);
    const tag = await createTag(app.deps.db, auth, request.body);
    emit(auth.companyId, { action: "create", tag });
    return reply.status(201).send(tag);
  });

  app.put("/tags/:id", { schema: { params: idParamsSchema, body: tagSchema }, config: { params, example } }, async (request) => {
    const auth = authOf(request);
    const tag = await updateTag(app.deps.db, auth, request.params.id, request.body);
    emit(auth.companyId, { action: "update", tag });
    return tag;
  });

  app.delete("/tags/:id", { schema: { params: idParamsSchema }, config: { params } }, async (request, reply) => {
    const auth = authOf(request);
    await deleteTag(app.deps.db, auth, request.params.id);
    emit(auth.companyId, { action: "delete", tagId: request.params.id });
    return reply.status(204).send();
  });
}
