import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlanRecord } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { superAdmin, unique } from "./test-support.js";

let database: Database;
let app: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  headers = (await superAdmin(app, database.db)).headers;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const call = (method: string, url: string, payload?: unknown, withSession = true) =>
  app.inject({ method: method as never, url, headers: withSession ? headers : {}, payload: payload as object });
const planBody = (overrides: Record<string, unknown> = {}) => ({ name: `Plano ${unique()}`, users: 3, connections: 1, queues: 2, value: "49,90", ...overrides });

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
