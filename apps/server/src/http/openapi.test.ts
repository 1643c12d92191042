import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Ajv2020 from "ajv/dist/2020.js";
import type { Database } from "../db/client.js";
import { createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { isDocsUrl } from "./openapi.js";

type Operation = {
  tags?: string[];
  security?: Record<string, unknown>[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: object; example?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
};
type Doc = { openapi: string; tags: { name: string }[]; paths: Record<string, Record<string, Operation>>; components: Record<string, unknown> };

let database: Database;
let app: TestApp;
let doc: Doc;
beforeAll(async () => {
  // With a built client: the SPA fallback must leave /docs and /openapi.json alone.
  const dist = mkdtempSync(path.join(tmpdir(), "atendo-dist-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Atendo SPA</title>");
  database = await createTestDatabase();
  app = await createTestApp(database, { webDist: dist });
  const res = await app.inject({ method: "GET", url: "/openapi.json" });
  expect(res.statusCode).toBe(200);
  doc = res.json<Doc>();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, "{$1}").replace(/\*$/, "{*}");

describe("OpenAPI document", () => {
  it("lists every registered route, with its auth scheme", () => {
    const routes = app.routeList.filter((r) => !isDocsUrl(r.url) && !r.url.startsWith("/assets/"));
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) {
      const operation = doc.paths[openapiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url} is missing from /openapi.json`).toBeDefined();
      const expected = route.config.apiToken ? [{ apiToken: [] }] : route.config.public ? [] : [{ session: [] }];
      expect(operation!.security, `${route.method} ${route.url}`).toEqual(expected);
      if (!route.config.public) expect(operation!.responses["401"], `${route.method} ${route.url} 401`).toBeDefined();
      for (const name of Object.keys(route.config.params ?? {})) {
        if (name === "*") continue;
        expect(operation!.parameters?.some((p) => p.in === "path" && p.name === name), `${route.method} ${route.url} :${name}`).toBe(true);
      }
    }
  });

  it("puts the external API first, authenticated by the API token, with JSON and multipart bodies", () => {
    expect(doc.tags[0]!.name).toBe("External API");
    const send = doc.paths["/api/messages/send"]!.post!;
    expect(send.tags).toEqual(["External API"]);
    expect(send.security).toEqual([{ apiToken: [] }]);
    expect(Object.keys(send.requestBody!.content).sort()).toEqual(["application/json", "multipart/form-data"]);
    expect(send.requestBody!.content["application/json"]!.example).toEqual({ number: "5511987654321", body: "Olá! Seu pedido foi enviado." });
    for (const status of ["201", "400", "401", "403", "409", "413", "429"]) expect(send.responses[status], status).toBeDefined();
    expect(doc.components).toHaveProperty("securitySchemes.apiToken");
  });

  it("has examples that pass their own schemas", () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    let checked = 0;
    for (const [url, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const media = operation.requestBody?.content["application/json"];
        if (!media || media.example === undefined) continue;
        const validate = ajv.compile({ ...media.schema, components: doc.components });
        expect(validate(media.example), `${method.toUpperCase()} ${url}: ${JSON.stringify(validate.errors)}`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it("serves the reference page and its assets locally under the CSP, not the SPA", async () => {
    const page = await app.inject({ method: "GET", url: "/docs", headers: { accept: "text/html" } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("swagger-ui-bundle.js");
    expect(page.body).not.toContain("Atendo SPA");
    expect(page.body).not.toMatch(/https?:\/\//);
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    for (const file of ["/docs/static/swagger-ui-bundle.js", "/docs/static/swagger-ui.css", "/docs/init.js"]) {
      const res = await app.inject({ method: "GET", url: file, headers: { accept: "text/html,*/*" } });
      expect(res.statusCode, file).toBe(200);
      expect(res.body.length, file).toBeGreaterThan(100);
    }
    const json = await app.inject({ method: "GET", url: "/openapi.json", headers: { accept: "text/html" } });
    expect(json.headers["content-type"]).toContain("application/json");
    expect((await app.inject({ method: "GET", url: "/docs/static/..%2Fpackage.json" })).statusCode).toBe(404);
  });
});
