import { idParamsSchema, whatsappCreateSchema, whatsappListQuerySchema, whatsappSessionStartSchema, whatsappUpdateSchema } from "@atendo/shared";
import type { App } from "../http/types.js";
import { authOf } from "../http/authenticate.js";
import { noBodyAsEmpty } from "../http/empty-body.js";
import type { ConnectionDeps } from "./connection-rules.js";
import { listWhatsapps } from "./list-whatsapps.js";
import { getWhatsapp } from "./get-whatsapp.js";
import { createWhatsapp, type SavedWhatsapp } from "./create-whatsapp.js";
import { updateWhatsapp } from "./update-whatsapp.js";
import { deleteWhatsapp } from "./delete-whatsapp.js";
import { restartWhatsapps } from "./restart-whatsapps.js";
import { disconnectWhatsappSession, renewWhatsappQr, startWhatsappSession } from "./whatsapp-session.js";
import { listWhatsappProviders } from "./list-whatsapp-providers.js";
import { emitWhatsappDeleted, emitWhatsappUpdate } from "./emit-whatsapp.js";

/** Connections (spec 7: /whatsapp*, /whatsappsession*). Reads for everyone in the company; writes for admins. */
export async function connectionsRoutes(app: App): Promise<void> {
  const params = { id: { resource: "whatsapps" as const } };
  const deps = (): ConnectionDeps => ({ ...app.deps, logger: app.log });
  const emitSaved = async (companyId: number, saved: SavedWhatsapp) => {
    for (const id of saved.alsoChanged) await emitWhatsappUpdate(app.deps, companyId, id);
    await emitWhatsappUpdate(app.deps, companyId, saved.whatsapp.id);
  };

  // session=0 and companyId are the spec client's query: accepted, ignored (the company is the session's).
  app.get("/whatsapp", { schema: { querystring: whatsappListQuerySchema } }, async (request) => listWhatsapps(app.deps.db, authOf(request)));

  app.get("/whatsapp-providers", async () => listWhatsappProviders(app.deps.config));

  app.get("/whatsapp/:id", { schema: { params: idParamsSchema, querystring: whatsappListQuerySchema }, config: { params } }, async (request) =>
    getWhatsapp(app.deps.db, authOf(request), request.params.id),
  );

  app.post(
    "/whatsapp",
    {
      schema: { body: whatsappCreateSchema },
      config: { permission: "connections-page:addConnection", example: { body: { name: "Walk Connection", provider: "simulator" } } },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const saved = await createWhatsapp(deps(), auth, request.body);
      await emitSaved(auth.companyId, saved);
      return reply.status(201).send(saved.whatsapp);
    },
  );

  app.put(
    "/whatsapp/:id",
    {
      schema: { params: idParamsSchema, body: whatsappUpdateSchema },
      config: { permission: "connections-page:editOrDeleteConnection", params, example: { body: { name: "Walk Connection Renamed" } } },
    },
    async (request) => {
      const auth = authOf(request);
      const saved = await updateWhatsapp(deps(), auth, request.params.id, request.body);
      await emitSaved(auth.companyId, saved);
      return saved.whatsapp;
    },
  );

  app.delete(
    "/whatsapp/:id",
    { schema: { params: idParamsSchema }, config: { permission: "connections-page:editOrDeleteConnection", params } },
    async (request, reply) => {
      const auth = authOf(request);
      const { promotedId } = await deleteWhatsapp(deps(), auth, request.params.id);
      emitWhatsappDeleted(app.deps.realtime, auth.companyId, request.params.id);
      if (promotedId) await emitWhatsappUpdate(app.deps, auth.companyId, promotedId);
      return reply.status(204).send();
    },
  );

  app.post("/whatsapp-restart", { config: { permission: "connections-page:editOrDeleteConnection" } }, async (request, reply) => {
    await restartWhatsapps(deps(), authOf(request));
    return reply.status(204).send();
  });

  // Session changes are announced by the session manager as they happen (company-{id}-whatsappSession).
  app.post(
    "/whatsappsession/:id",
    {
      schema: { params: idParamsSchema, body: whatsappSessionStartSchema },
      config: { permission: "connections-page:editOrDeleteConnection", params, example: { body: {} } },
      // The spec's client posts no body at all ("retry start").
      preValidation: noBodyAsEmpty,
    },
    async (request) => startWhatsappSession(deps(), authOf(request), request.params.id, request.body),
  );

  app.put(
    "/whatsappsession/:id",
    { schema: { params: idParamsSchema }, config: { permission: "connections-page:editOrDeleteConnection", params } },
    async (request) => renewWhatsappQr(deps(), authOf(request), request.params.id),
  );

  app.delete(
    "/whatsappsession/:id",
    { schema: { params: idParamsSchema }, config: { permission: "connections-page:editOrDeleteConnection", params } },
    async (request) => disconnectWhatsappSession(deps(), authOf(request), request.params.id),
  );
}
