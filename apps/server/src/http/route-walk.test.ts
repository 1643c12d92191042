import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_FLAGS, planFlagOf, type PlanFlag } from "@atendo/shared";
import { REPO_ROOT } from "../config.js";
import type { Database } from "../db/client.js";
import type { RegisteredRoute } from "../app.js";
import { ALL_PLAN_FLAGS, bearer, createCompany, createTestApp, createTestDatabase, createUser, login, type TestApp } from "../test/helpers.js";
import { tenantFixtures } from "../test/tenant-fixtures.js";
import type { TenantResource } from "./types.js";

/**
 * Walks every registered route (core of the brief's tenancy rules):
 * - without a session: 401 (public routes excepted);
 * - with another company's ids: 404 and never that company's data;
 * - with malformed params, bodies and query strings: 400 with an error code, never 500;
 * - for a route whose permission needs a plan flag: 403 ERR_PLAN_FEATURE_DISABLED to a company whose plan lacks it.
 * Routes added later are walked without anyone listing them here.
 */

let database: Database;
let app: TestApp;
let token: string;
const foreign = new Map<TenantResource, { id: number; marker: string; uuid?: string }>();

beforeAll(async () => {
  database = await createTestDatabase();
  // With the built client present, its asset route is walked too.
  app = await createTestApp(database, { webDist: path.join(REPO_ROOT, "apps/web/dist") });
  // The caller is a super admin of the platform company: every permission passes, so only tenancy can refuse.
  const home = await createCompany(database.db, { isPlatform: false });
  const other = await createCompany(database.db);
  const caller = await createUser(database.db, home.id, { profile: "admin", super: true });
  token = (await login(app, caller.email, caller.password)).token;
  for (const [resource, make] of Object.entries(tenantFixtures) as [TenantResource, (typeof tenantFixtures)[TenantResource]][]) {
    foreign.set(resource, await make(database.db, other.id));
  }
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const routes = (): RegisteredRoute[] => app.routeList;
const label = (r: RegisteredRoute) => `${r.method} ${r.url}`;
const paramNames = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)|(\*)/g)].map((m) => m[1] ?? "*");

function fillUrl(route: RegisteredRoute, pick: (name: string) => string): string {
  return route.url.replace(/:([A-Za-z0-9_]+)|\*/g, (_m, name: string | undefined) => encodeURIComponent(pick(name ?? "*")));
}

function validValue(route: RegisteredRoute, name: string): string {
  const spec = route.config.params?.[name];
  if (!spec) throw new Error(`${label(route)}: parameter "${name}" is not declared in config.params`);
  if ("value" in spec) return spec.value;
  const row = foreign.get(spec.resource);
  if (!row) throw new Error(`${label(route)}: no fixture for resource ${spec.resource} (add it to test/tenant-fixtures.ts)`);
  if (spec.field === "uuid") {
    if (!row.uuid) throw new Error(`${label(route)}: the ${spec.resource} fixture has no uuid`);
    return row.uuid;
  }
  return String(row.id);
}

function expectErrorBody(route: RegisteredRoute, res: { statusCode: number; body: string }, step: string) {
  expect(res.statusCode, `${label(route)} ${step}: ${res.body}`).toBeLessThan(500);
  const body = JSON.parse(res.body || "{}") as { error?: string };
  expect(body.error, `${label(route)} ${step} must answer an error code`).toMatch(/^ERR_[A-Z_]+$/);
}

// Each test walks every route (hundreds of requests, more with each feature): at the load of a full `npm test` on two
// cores one took longer than the default 30 s.
describe("route walk", { timeout: 90_000 }, () => {
  it("finds the routes", () => {
    expect(routes().length).toBeGreaterThan(5);
  });

  it("declares every path parameter and gives an example for every route with a body", () => {
    for (const route of routes()) {
      for (const name of paramNames(route.url)) expect(route.config.params?.[name], `${label(route)} :${name}`).toBeDefined();
      if (route.hasBody) expect(route.config.example?.body, `${label(route)} needs config.example.body`).toBeDefined();
    }
  });

  it("answers 401 without a session on every non-public route", async () => {
    for (const route of routes().filter((r) => !r.config.public)) {
      const url = fillUrl(route, (n) => validValue(route, n));
      const res = await app.inject({ method: route.method as never, url, payload: route.config.example?.body as never });
      expect(res.statusCode, `${label(route)}: ${res.body}`).toBe(401);
      expect(res.json().error).toBe("ERR_SESSION_EXPIRED");
      // A token that is not ours is no better than none.
      const forged = await app.inject({ method: route.method as never, url, headers: bearer("forged.token.value") });
      expect(forged.statusCode, label(route)).toBe(401);
    }
  });

  it("answers 404, never data, for another company's ids", async () => {
    const withResources = routes().filter((r) => Object.values(r.config.params ?? {}).some((p) => "resource" in p));
    expect(withResources.length).toBeGreaterThan(0);
    for (const route of withResources) {
      const url = fillUrl(route, (n) => validValue(route, n));
      const query = new URLSearchParams(route.config.example?.query ?? {}).toString();
      const res = await app.inject({
        method: route.method as never,
        url: query ? `${url}?${query}` : url,
        headers: bearer(token),
        payload: route.config.example?.body as never,
      });
      expect(res.statusCode, `${label(route)}: ${res.body}`).toBe(404);
      expectErrorBody(route, res, "foreign id");
      for (const row of foreign.values()) expect(res.body, label(route)).not.toContain(row.marker);
    }
  });

  it("answers 400 with an error code for malformed path parameters", async () => {
    for (const route of routes().filter((r) => Object.values(r.config.params ?? {}).some((p) => "resource" in p))) {
      for (const bad of ["abc", "-1", "0", "1.5", "99999999999999999999", "1;drop table users", "%00"]) {
        const url = fillUrl(route, (n) => (route.config.params?.[n] && "resource" in route.config.params[n]! ? bad : validValue(route, n)));
        const res = await app.inject({
          method: route.method as never,
          url,
          headers: bearer(token),
          payload: route.config.example?.body as never,
        });
        expect(res.statusCode, `${label(route)} with ${bad}: ${res.body}`).toBe(400);
        expectErrorBody(route, res, `param ${bad}`);
      }
    }
  });

  it("answers 400 with an error code for malformed bodies", async () => {
    const bodies: { payload: string; contentType: string }[] = [
      { payload: "{not json", contentType: "application/json" },
      { payload: '{"unexpected":[{"deep":{"x":1}}],"name":12345}', contentType: "application/json" },
      { payload: "[]", contentType: "application/json" },
      { payload: "null", contentType: "application/json" },
      { payload: '"a string"', contentType: "application/json" },
      { payload: '{"__proto__":{"admin":true}}', contentType: "application/json" },
      { payload: '{"name":"a\\u0000b","email":"x\\u0000@y.z","value":"\\u0000"}', contentType: "application/json" },
    ];
    for (const route of routes().filter((r) => r.hasBody)) {
      const url = fillUrl(route, (n) => validValue(route, n));
      for (const body of bodies) {
        const res = await app.inject({
          method: route.method as never,
          url,
          headers: { ...bearer(token), "content-type": body.contentType },
          payload: body.payload,
        });
        expect(res.statusCode, `${label(route)} with ${body.payload}: ${res.body}`).toBe(400);
        expectErrorBody(route, res, `body ${body.payload}`);
      }
      // A content type we do not take is refused with a code too.
      const xml = await app.inject({ method: route.method as never, url, headers: { ...bearer(token), "content-type": "application/xml" }, payload: "<a/>" });
      expectErrorBody(route, xml, "xml body");
    }
  });

  it("answers 4xx with an error code, never 500, to broken uploads", async () => {
    for (const route of routes().filter((r) => r.config.multipart)) {
      const url = fillUrl(route, (n) => validValue(route, n));
      const attempts = [
        { "content-type": "application/json", payload: '{"file":"x"}' },
        { "content-type": "multipart/form-data; boundary=xyz", payload: "--xyz\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\ntruncated" },
        { "content-type": "multipart/form-data", payload: "no boundary" },
        { "content-type": "text/plain", payload: "hello" },
      ];
      for (const { payload, ...headers } of attempts) {
        const res = await app.inject({ method: route.method as never, url, headers: { ...bearer(token), ...headers }, payload });
        expect(res.statusCode, `${label(route)} ${headers["content-type"]}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expectErrorBody(route, res, `upload ${headers["content-type"]}`);
      }
    }
  });

  it("answers 403 ERR_PLAN_FEATURE_DISABLED on every plan-gated route to a company whose plan lacks the flag", async () => {
    const gated = routes().filter((r) => !r.config.public && r.config.permission && planFlagOf(r.config.permission));
    // A super admin whose company's plan has every flag but one: only the plan can refuse.
    const tokens = new Map<PlanFlag, string>();
    const tokenWithout = async (flag: PlanFlag) => {
      if (!tokens.has(flag)) {
        const company = await createCompany(database.db, {}, { ...ALL_PLAN_FLAGS, [flag]: false });
        const user = await createUser(database.db, company.id, { profile: "admin", super: true });
        tokens.set(flag, (await login(app, user.email, user.password)).token);
      }
      return tokens.get(flag)!;
    };
    for (const route of gated) {
      const flag = planFlagOf(route.config.permission!)!;
      expect(PLAN_FLAGS).toContain(flag);
      const url = fillUrl(route, (n) => validValue(route, n));
      const query = new URLSearchParams(route.config.example?.query ?? {}).toString();
      const res = await app.inject({
        method: route.method as never,
        url: query ? `${url}?${query}` : url,
        headers: bearer(await tokenWithout(flag)),
        payload: route.config.example?.body as never,
      });
      expect(res.statusCode, `${label(route)} without ${flag}: ${res.body}`).toBe(403);
      expect(res.json(), label(route)).toEqual({ error: "ERR_PLAN_FEATURE_DISABLED", details: { flag } });
    }
  });

  it("never answers 500 to malformed query strings", async () => {
    // Only read routes and routes that validate their query: a garbage query must not reach a handler that changes state.
    for (const route of routes().filter((r) => r.method === "GET" || r.hasQuery)) {
      const url = fillUrl(route, (n) => validValue(route, n));
      for (const query of ["pageNumber=abc", "pageNumber=-5&searchParam[]=x", "searchParam=%00%27%22", "a[b][c]=1&a=2", `searchParam=${"x".repeat(5000)}`]) {
        const res = await app.inject({ method: route.method as never, url: `${url}?${query}`, headers: bearer(token) });
        expect(res.statusCode, `${label(route)}?${query}: ${res.body}`).toBeLessThan(500);
        if (route.hasQuery && res.statusCode >= 400) expectErrorBody(route, res, `query ${query}`);
      }
    }
  });
});
