import {
  companyCreateSchema,
  companyIdParamsSchema,
  companyUpdateSchema,
  idParamsSchema,
  pageQuerySchema,
  planSchema,
} from "@atendo/shared";
import type { App } from "../http/types.js";
import { authOf } from "../http/authenticate.js";
import { listCompanies } from "./list-companies.js";
import { listAllCompanies } from "./list-all-companies.js";
import { getCompany } from "./get-company.js";
import { createCompany } from "./create-company.js";
import { updateCompany } from "./update-company.js";
import { deleteCompany } from "./delete-company.js";
import { getCompanyPlan } from "./get-company-plan.js";
import { closeCompanySockets } from "./close-company-sockets.js";
import { listPublicPlans } from "./list-public-plans.js";
import { listPlans } from "./list-plans.js";
import { getPlan } from "./get-plan.js";
import { createPlan } from "./create-plan.js";
import { updatePlan } from "./update-plan.js";
import { deletePlan } from "./delete-plan.js";

/**
 * Companies and plans (administration section 7), for super users; the public plan lists for the signup, and each
 * company's own plan for its users. Companies and plans are the platform's rows, not a tenant's: their ids in paths
 * are fixed values for the route walk (a super user may name any company), and the tests check the refusals.
 */
export async function platformRoutes(app: App): Promise<void> {
  const { db } = app.deps;
  const companyParams = { id: { value: "1" } };
  const planParams = { id: { value: "1" } };
  const planExample = { body: { name: "Walk plan", users: 1, connections: 1, queues: 1, value: "10.00" } };

  // ---- companies
  app.get("/companies", { schema: { querystring: pageQuerySchema }, config: { permission: "companies:manage" } }, async (request) =>
    listCompanies(db, request.query),
  );

  app.get("/companies/list", { config: { permission: "companies:manage" } }, async () => listAllCompanies(db));

  app.get(
    "/companies/listPlan/:companyId",
    { schema: { params: companyIdParamsSchema }, config: { params: { companyId: { value: "1" } } } },
    async (request) => getCompanyPlan(db, authOf(request), request.params.companyId),
  );

  app.get(
    "/companies/:id",
    { schema: { params: idParamsSchema }, config: { permission: "companies:manage", params: companyParams } },
    async (request) => getCompany(db, request.params.id),
  );

  app.post(
    "/companies",
    {
      schema: { body: companyCreateSchema },
      config: {
        permission: "companies:manage",
        example: { body: { name: "Walk Company", email: "walk@company.test", planId: 1, password: "secret1" } },
      },
    },
    async (request, reply) => reply.status(201).send(await createCompany(db, request.body)),
  );

  app.put(
    "/companies/:id",
    {
      schema: { params: idParamsSchema, body: companyUpdateSchema },
      config: { permission: "companies:manage", params: companyParams, example: { body: { status: true } } },
    },
    async (request) => {
      const { company, lockedOut } = await updateCompany(db, request.params.id, request.body);
      if (lockedOut) closeCompanySockets(app.deps.realtime, company.id, lockedOut);
      return company;
    },
  );

  app.delete(
    "/companies/:id",
    { schema: { params: idParamsSchema }, config: { permission: "companies:manage", params: companyParams } },
    async (request, reply) => {
      const { endedSessionIds } = await deleteCompany(app.deps, authOf(request), request.params.id);
      app.deps.realtime.endSessions(endedSessionIds);
      return reply.status(204).send();
    },
  );

  // ---- plans
  // The signup's plan choice: public plans only, no session.
  app.get("/plans/list", { config: { public: true } }, async () => listPublicPlans(db));
  app.get("/plans/register", { config: { public: true } }, async () => listPublicPlans(db));

  app.get("/plans/all", { config: { permission: "plans:manage" } }, async () => listPlans(db));

  app.get("/plans/:id", { schema: { params: idParamsSchema }, config: { permission: "plans:manage", params: planParams } }, async (request) =>
    getPlan(db, request.params.id),
  );

  app.post("/plans", { schema: { body: planSchema }, config: { permission: "plans:manage", example: planExample } }, async (request, reply) =>
    reply.status(201).send(await createPlan(db, request.body)),
  );

  app.put(
    "/plans/:id",
    { schema: { params: idParamsSchema, body: planSchema }, config: { permission: "plans:manage", params: planParams, example: planExample } },
    async (request) => updatePlan(db, request.params.id, request.body),
  );

  app.delete(
    "/plans/:id",
    { schema: { params: idParamsSchema }, config: { permission: "plans:manage", params: planParams } },
    async (request, reply) => {
      await deletePlan(db, request.params.id);
      return reply.status(204).send();
    },
  );
}
