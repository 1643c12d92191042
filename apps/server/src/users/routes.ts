import { companyEvent, idParamsSchema, userUpdateSchema } from "@atendo/shared";
import type { App } from "../http/types.js";
import { authOf } from "../http/authenticate.js";
import { getUser } from "./get-user.js";
import { updateUser } from "./update-user.js";

export async function usersRoutes(app: App): Promise<void> {
  const params = { id: { resource: "users" as const } };

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
      return user;
    },
  );
}
