import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { createCompany, createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import type { RegisteredRoute } from "../app.js";
import { signedIn } from "./test-support.js";

let database: Database;
let app: TestApp;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const label = (r: RegisteredRoute) => `${r.method} ${r.url}`;
const superOnly = () => app.routeList.filter((r) => r.config.permission === "companies:manage" || r.config.permission === "plans:manage");

describe("companies and plans are for super users", () => {
  it("every call of section 7 but the public plan lists and listPlan needs the super flag", () => {
    expect(superOnly().map(label).sort()).toEqual(
      [
        "GET /companies",
        "GET /companies/list",
        "GET /companies/:id",
        "POST /companies",
        "PUT /companies/:id",
        "DELETE /companies/:id",
        "GET /plans/all",
        "GET /plans/:id",
        "POST /plans",
        "PUT /plans/:id",
        "DELETE /plans/:id",
      ].sort(),
    );
    const publicOnes = app.routeList.filter((r) => r.config.public && /^\/plans/.test(r.url)).map(label);
    expect(publicOnes.sort()).toEqual(["GET /plans/list", "GET /plans/register"]);
  });

  it("answers 403 ERR_NO_PERMISSION to a company admin (and agent) on each of them, naming their own company or another", async () => {
    const other = await createCompany(database.db);
    for (const profile of ["admin", "user"] as const) {
      const { company, headers } = await signedIn(app, database.db, { profile });
      for (const route of superOnly()) {
        for (const id of [company.id, other.id]) {
          const url = route.url.replace(":id", String(id));
          const res = await app.inject({ method: route.method as never, url, headers, payload: route.config.example?.body as never });
          expect(res.statusCode, `${profile} ${label(route)} ${id}: ${res.body}`).toBe(403);
          expect(res.json()).toEqual({ error: "ERR_NO_PERMISSION" });
        }
      }
      // Their own plan stays readable.
      expect((await app.inject({ method: "GET", url: `/companies/listPlan/${company.id}`, headers })).statusCode).toBe(200);
    }
  });
});
