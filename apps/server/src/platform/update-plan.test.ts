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

describe("PUT /plans/{id}", () => {
  it("edits a plan: limits and value replaced, flags sent changed, others kept", async () => {
    const plan = (await call("POST", "/plans", planBody({ useKanban: true, useSchedules: true }))).json<PlanRecord>();
    const res = await call("PUT", `/plans/${plan.id}`, { name: plan.name, users: 10, connections: 5, queues: 8, value: 99.5, useKanban: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ users: 10, connections: 5, queues: 8, value: "99.50", useKanban: false, useSchedules: true });
    expect((await call("PUT", "/plans/2000000000", planBody())).json()).toEqual({ error: "ERR_NO_PLAN_FOUND" });
  });
});
