import { companySchedulesSchema, defaultWorkingHours, idParamsSchema } from "@atendo/shared";
import type { App } from "../http/types.js";
import { authOf } from "../http/authenticate.js";
import { getCompanySchedules } from "./get-company-schedules.js";
import { updateCompanySchedules } from "./update-company-schedules.js";

/**
 * The company's working hours (Settings, Schedules tab). The id in the path must be the caller's company: the walk
 * fills it with a fixed id, and the tests check that any other company's id is 404.
 */
export async function companySchedulesRoutes(app: App): Promise<void> {
  const params = { id: { value: "1" } };

  app.get("/companies/:id/schedules", { schema: { params: idParamsSchema }, config: { params } }, async (request) => ({
    schedules: await getCompanySchedules(app.deps.db, authOf(request), request.params.id),
  }));

  app.put(
    "/companies/:id/schedules",
    {
      schema: { params: idParamsSchema, body: companySchedulesSchema },
      config: { permission: "settings:update", params, example: { body: { schedules: defaultWorkingHours() } } },
    },
    async (request) => ({
      schedules: await updateCompanySchedules(app.deps.db, authOf(request), request.params.id, request.body.schedules),
    }),
  );
}
