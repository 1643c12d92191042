import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { PlanRecord } from "@atendo/shared";
import { companies, plans } from "../db/schema.js";
import { createCompany } from "../test/helpers.js";
import { planBody, superAdminSuite } from "./test-support.js";

const { ctx, call } = superAdminSuite();

describe("DELETE /plans/{id}", () => {
  it("deletes an unused plan, and refuses one companies use with ERR_PLAN_IN_USE", async () => {
    const unused = (await call("POST", "/plans", planBody())).json<PlanRecord>();
    expect((await call("DELETE", `/plans/${unused.id}`)).statusCode).toBe(204);
    expect((await call("GET", `/plans/${unused.id}`)).statusCode).toBe(404);

    const company = await createCompany(ctx.database.db);
    const refused = await call("DELETE", `/plans/${company.planId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: "ERR_PLAN_IN_USE", details: { companies: 1 } });
    expect(await ctx.database.db.select({ id: plans.id }).from(plans).where(eq(plans.id, company.planId!))).toHaveLength(1);
    // Once the company moved to another plan, it can go.
    await ctx.database.db.update(companies).set({ planId: null }).where(eq(companies.id, company.id));
    expect((await call("DELETE", `/plans/${company.planId}`)).statusCode).toBe(204);
    expect((await call("DELETE", `/plans/${company.planId}`)).json()).toEqual({ error: "ERR_NO_PLAN_FOUND" });
  });
});
