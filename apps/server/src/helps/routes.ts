import { helpSchema, idParamsSchema, pageQuerySchema } from "@atendo/shared";
import type { App } from "../http/types.js";
import { listAllHelps, listHelps } from "./list-helps.js";
import { createHelp } from "./create-help.js";
import { updateHelp } from "./update-help.js";
import { deleteHelp } from "./delete-help.js";

/**
 * Help videos (administration section 7): platform-wide, read by every signed-in user, written by super users
 * (`helps:manage`). Ids are not tenant resources, so the route walk fills them with a fixed value.
 */
export async function helpsRoutes(app: App): Promise<void> {
  const manage = "helps:manage" as const;
  const params = { id: { value: "1" } };
  const example = { body: { title: "Walk help", description: "How to walk", video: "dQw4w9WgXcQ" } };
  const { db } = app.deps;

  app.get("/helps", { schema: { querystring: pageQuerySchema } }, async (request) => listHelps(db, request.query));

  app.get("/helps/list", async () => listAllHelps(db));

  app.post("/helps", { schema: { body: helpSchema }, config: { permission: manage, example } }, async (request, reply) =>
    reply.status(201).send(await createHelp(db, request.body)),
  );

  app.put(
    "/helps/:id",
    { schema: { params: idParamsSchema, body: helpSchema }, config: { params, permission: manage, example } },
    async (request) => updateHelp(db, request.params.id, request.body),
  );

  app.delete("/helps/:id", { schema: { params: idParamsSchema }, config: { params, permission: manage } }, async (request, reply) => {
    await deleteHelp(db, request.params.id);
    return reply.status(204).send();
  });
}
