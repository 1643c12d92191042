import { companyEvent, idParamsSchema, pageQuerySchema, userCreateSchema, userUpdateSchema } from "@atendo/shared";
import type { App } from "../http/types.js";
import { authOf } from "../http/authenticate.js";
import { getUser } from "./get-user.js";
import { updateUser } from "./update-user.js";
import { createUser } from "./create-user.js";
import { deleteUser } from "./delete-user.js";
import { listUserNames, listUsers } from "./list-users.js";

export async function usersRoutes(app: App): Promise<void> {
  const params = { id: { resource: "users" as const } };

  app.get("/users", { schema: { querystring: pageQuerySchema }, config: { permission: "users:manage" } }, async (request) =>
    listUsers(app.deps.db, authOf(request).companyId, request.query),
  );

  app.get("/users/list", async (request) => listUserNames(app.deps.db, authOf(request).companyId));

  app.post(
    "/users",
    {
      schema: { body: userCreateSchema },
      config: { permission: "users:manage", example: { body: { name: "Walk User", email: "walk-new@example.com", password: "secret1" } } },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const user = await createUser(app.deps.db, auth, request.body);
      app.deps.realtime.toCompany(auth.companyId, companyEvent.user(auth.companyId), { action: "create", user });
      return reply.status(201).send(user);
    },
  );

  app.get("/users/:id", { schema: { params: idParamsSchema }, config: { params } }, async (request) =>
    getUser(app.deps.db, authOf(request), request.params.id),
  );

  app.put(
    "/users/:id",
    {
      schema: { params: idParamsSchema, body: userUpdateSchema },
      config: { params, example: { body: { name: "Walk User", email: "walk-user@example.com" } } },
    },
    async (request) => {
      const auth = authOf(request);
      const { user, revokedSessionIds } = await updateUser(app.deps.db, auth, request.params.id, request.body);
      app.deps.realtime.endSessions(revokedSessionIds);
      app.deps.realtime.toCompany(auth.companyId, companyEvent.user(auth.companyId), { action: "update", user });
      // Queues or allTicket may have changed: the user's open sockets follow the tickets they may now see.
      await app.deps.realtime.refreshTicketRooms(auth.companyId, user.id);
      return user;
    },
  );

  app.delete(
    "/users/:id",
    { schema: { params: idParamsSchema }, config: { params, permission: "users:manage" } },
    async (request, reply) => {
      const auth = authOf(request);
      const { revokedSessionIds } = await deleteUser({ ...app.deps, logger: request.log }, auth, request.params.id);
      app.deps.realtime.endSessions(revokedSessionIds);
      app.deps.realtime.toCompany(auth.companyId, companyEvent.user(auth.companyId), { action: "delete", userId: request.params.id });
      return reply.status(204).send();
    },
  );
}
