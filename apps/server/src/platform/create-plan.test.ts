import { describe, expect, it } from "vitest";
import type { PlanRecord } from "@atendo/shared";
import { planBody, superAdminSuite } from "./test-support.js";

const { call } = superAdminSuite();

describe("POST /plans", () => {
  it("creates a plan with its limits, value and flags (flags left out are off), and reads it back", async () => {
    const res = await call("POST", "/plans", planBody({ useKanban: true, useOpenAi: true, isPublic: false }));
    expect(res.statusCode).toBe(201);
    const plan = res.json<PlanRecord>();
    expect(plan).toMatchObject({
      users: 3,
      connections: 1,
      queues: 2,
      value: "49.90",
      isPublic: false,
      useKanban: true,
      useOpenAi: true,
      useCampaigns: false,
      useSchedules: false,
      useInternalChat: false,
      useExternalApi: false,
      useIntegrations: false,
      useInternal: false,
    });
    expect((await call("GET", `/plans/${plan.id}`)).json()).toEqual(plan);
    expect((await call("GET", "/plans/all")).json<PlanRecord[]>().map((p) => p.id)).toContain(plan.id);
  });

  it("refuses a taken plan name (any case) with ERR_PLAN_NAME_ALREADY_EXISTS", async () => {
    const first = (await call("POST", "/plans", planBody())).json<PlanRecord>();
    const clash = await call("POST", "/plans", planBody({ name: first.name.toUpperCase() }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ error: "ERR_PLAN_NAME_ALREADY_EXISTS" });
    const second = (await call("POST", "/plans", planBody())).json<PlanRecord>();
    expect((await call("PUT", `/plans/${second.id}`, planBody({ name: first.name }))).statusCode).toBe(409);
  });

  it("validates limits and value", async () => {
    for (const bad of [{ users: -1 }, { connections: 1.5 }, { queues: "x" }, { value: "abc" }, { value: -3 }, { name: "" }, { useKanban: "yes" }]) {
      const res = await call("POST", "/plans", planBody(bad));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error).toBe("ERR_VALIDATION");
    }
  });
});
