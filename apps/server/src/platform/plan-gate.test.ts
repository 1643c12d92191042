import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERMISSIONS, PLAN_FLAGS, planFlagOf, type Permission, type PlanFlag } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { buildApp } from "../app.js";
import { ALL_PLAN_FLAGS, createTestDatabase, testConfig, type TestApp } from "../test/helpers.js";
import { signedIn } from "./test-support.js";

/**
 * The plan gate (administration section 6): a route whose permission carries a plan flag refuses a company whose
 * plan lacks it with 403 ERR_PLAN_FEATURE_DISABLED and the flag, whoever asks (super users included), and a role
 * refusal stays ERR_NO_PERMISSION. One probe route per gated permission, so each flag is tested whether or not its
 * area's routes exist yet (the route walk covers the real routes).
 */

let database: Database;
let app: TestApp;
const gated = (Object.keys(PERMISSIONS) as Permission[]).filter((p) => planFlagOf(p));
const probe = (permission: Permission) => `/test-plan-gate/${permission.replace(":", "-")}`;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ database, config: testConfig() });
  for (const permission of gated) app.get(probe(permission), { config: { permission } }, async () => ({ ok: true }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const get = (headers: Record<string, string>, permission: Permission) => app.inject({ method: "GET", url: probe(permission), headers });

describe("the plan gate", () => {
  it("gates every plan flag of the spec but useInternal, which gates nothing it names", () => {
    const flags = new Set(gated.map((p) => planFlagOf(p)));
    expect([...flags].sort()).toEqual(PLAN_FLAGS.filter((f) => f !== "useInternal").sort());
  });

  describe.each(PLAN_FLAGS.filter((flag) => gated.some((p) => planFlagOf(p) === flag)))("%s", (flag: PlanFlag) => {
    const permissions = gated.filter((p) => planFlagOf(p) === flag);

    it("refuses a company whose plan lacks it, even to a super admin, with ERR_PLAN_FEATURE_DISABLED", async () => {
      for (const asSuper of [false, true]) {
        const { headers } = await signedIn(app, database.db, { profile: "admin", super: asSuper, plan: { ...ALL_PLAN_FLAGS, [flag]: false } });
        for (const permission of permissions) {
          const res = await get(headers, permission);
          expect(res.statusCode, permission).toBe(403);
          expect(res.json()).toEqual({ error: "ERR_PLAN_FEATURE_DISABLED", details: { flag } });
        }
      }
    });

    it("lets a company whose plan has it through, and a role refusal stays ERR_NO_PERMISSION", async () => {
      const { headers: admin } = await signedIn(app, database.db, { profile: "admin", plan: { ...ALL_PLAN_FLAGS, [flag]: true } });
      const { headers: agent } = await signedIn(app, database.db, { profile: "user", plan: { ...ALL_PLAN_FLAGS, [flag]: true } });
      for (const permission of permissions) {
        expect((await get(admin, permission)).json(), permission).toEqual({ ok: true });
        const asAgent = await get(agent, permission);
        if (PERMISSIONS[permission].profiles.includes("user" as never)) expect(asAgent.statusCode, permission).toBe(200);
        else expect(asAgent.json(), permission).toEqual({ error: "ERR_NO_PERMISSION" });
      }
    });
  });

  it("follows a plan change at the next request", async () => {
    const { company, headers } = await signedIn(app, database.db, { profile: "admin", plan: ALL_PLAN_FLAGS });
    const { headers: asSuper } = await signedIn(app, database.db, { profile: "admin", super: true });
    expect((await get(headers, "kanban:use")).statusCode).toBe(200);
    const plan = (await app.inject({ method: "GET", url: `/plans/${company.planId}`, headers: asSuper })).json();
    const { id: _id, createdAt: _c, updatedAt: _u, ...body } = plan;
    const saved = await app.inject({ method: "PUT", url: `/plans/${company.planId}`, headers: asSuper, payload: { ...body, useKanban: false } });
    expect(saved.statusCode).toBe(200);
    expect((await get(headers, "kanban:use")).json()).toEqual({ error: "ERR_PLAN_FEATURE_DISABLED", details: { flag: "useKanban" } });
  });
});
