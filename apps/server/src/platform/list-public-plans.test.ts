import { describe, expect, it } from "vitest";
import type { PlanRecord } from "@atendo/shared";
import { planBody, superAdminSuite } from "./test-support.js";

const { call } = superAdminSuite();

describe("public plan lists", () => {
  it("GET /plans/list and /plans/register answer the public plans without a session", async () => {
    const open = (await call("POST", "/plans", planBody({ isPublic: true }))).json<PlanRecord>();
    const hidden = (await call("POST", "/plans", planBody({ isPublic: false }))).json<PlanRecord>();
    for (const url of ["/plans/list", "/plans/register"]) {
      const res = await call("GET", url, undefined, false);
      expect(res.statusCode, url).toBe(200);
      const ids = res.json<PlanRecord[]>().map((p) => p.id);
      expect(ids, url).toContain(open.id);
      expect(ids, url).not.toContain(hidden.id);
    }
  });
});
