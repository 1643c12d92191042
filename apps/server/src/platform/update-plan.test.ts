import { describe, expect, it } from "vitest";
import type { PlanRecord } from "@atendo/shared";
import { planBody, superAdminSuite } from "./test-support.js";

const { call } = superAdminSuite();

describe("PUT /plans/{id}", () => {
  it("edits a plan: limits and value replaced, flags sent changed, others kept", async () => {
    const plan = (await call("POST", "/plans", planBody({ useKanban: true, useSchedules: true }))).json<PlanRecord>();
    const res = await call("PUT", `/plans/${plan.id}`, { name: plan.name, users: 10, connections: 5, queues: 8, value: 99.5, useKanban: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ users: 10, connections: 5, queues: 8, value: "99.50", useKanban: false, useSchedules: true });
    expect((await call("PUT", "/plans/2000000000", planBody())).json()).toEqual({ error: "ERR_NO_PLAN_FOUND" });
  });
});
