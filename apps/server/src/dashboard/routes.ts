import { dashboardExportQuerySchema, dashboardQuerySchema } from "@atendo/shared";
import type { App } from "../http/types.js";
import { authOf } from "../http/authenticate.js";
import { periodOf } from "./dashboard-period.js";
import { getDashboard } from "./get-dashboard.js";
import { exportDashboard } from "./export-dashboard.js";

export async function dashboardRoutes(app: App): Promise<void> {
  const period = { from: "2026-01-01T00:00:00.000Z", to: "2026-01-31T00:00:00.000Z" };

  // The figures of the admin's own company (the session's), never another's: a companyId in the query is ignored.
  app.get(
    "/dashboard",
    { schema: { querystring: dashboardQuerySchema }, config: { permission: "dashboard:view", example: { query: period } } },
    async (request) => getDashboard(app.deps.db, periodOf(authOf(request).companyId, request.query)),
  );

  app.get(
    "/dashboard/export",
    {
      schema: { querystring: dashboardExportQuerySchema },
      config: { permission: "dashboard:view", example: { query: { ...period, format: "csv" } } },
    },
    async (request, reply) => {
      const file = await exportDashboard(app.deps.db, periodOf(authOf(request).companyId, request.query), request.query.format);
      return reply
        .header("content-type", file.contentType)
        .header("content-disposition", `attachment; filename="${file.filename}"`)
        .header("cache-control", "no-store")
        .send(file.body);
    },
  );
}
