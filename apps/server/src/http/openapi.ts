import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import swagger from "@fastify/swagger";
import type { FastifyInstance, RouteOptions } from "fastify";
import { createJsonSchemaTransformObject, jsonSchemaTransform } from "fastify-type-provider-zod";
import { z } from "zod";
import { ERROR_CODES, planFlagOf } from "@atendo/shared";
import { EXTERNAL_API_TAG } from "../public-api/routes.js";

type Json = Record<string, unknown>;
interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Json[];
  requestBody?: { content: Record<string, { schema: Json; example?: unknown }> };
  parameters?: { in: string; name: string; example?: unknown }[];
  responses: Record<string, Json>;
  description?: string;
}

/** The one error shape of every answer (http/error-handler.ts). */
const errorBodySchema = z.object({
  error: z.enum(ERROR_CODES),
  details: z.record(z.string(), z.unknown()).optional(),
  fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

const ERROR_TEXT: Record<number, string> = {
  400: "Validation or a client mistake (ERR_VALIDATION with fields, or another code)",
  401: "No valid session / API token",
  402: "The company's subscription expired (ERR_SUBSCRIPTION_EXPIRED)",
  403: "Not allowed: role (ERR_NO_PERMISSION) or plan (ERR_PLAN_FEATURE_DISABLED with details.flag)",
  404: "Not found in the caller's company",
  409: "Conflict with the current state",
  413: "File too large (ERR_PAYLOAD_TOO_LARGE)",
  415: "Content type not accepted (ERR_UNSUPPORTED_MEDIA_TYPE)",
  429: "Too many requests (ERR_TOO_MANY_REQUESTS, Retry-After header)",
};

/** Paths served by this module or the web client's files: not part of the API. */
export const isDocsUrl = (url: string) => url === "/docs" || url.startsWith("/docs/") || url === "/openapi.json";

const operationIdOf = (method: string, url: string) =>
  `${method.toLowerCase()}_${url.replace(/[:*]/g, "").replace(/[^A-Za-z0-9]+/g, "_").replace(/^_|_$/g, "") || "root"}`;

/**
 * The OpenAPI document, generated from the zod schemas the routes validate with (fastify-type-provider-zod's
 * transform over @fastify/swagger), served at /openapi.json; the reference page at /docs is Swagger UI from local
 * files (nothing from a CDN; the app's CSP already allows it). Registered before the routes so it sees them all.
 * Each operation also gets: its auth scheme (session bearer, the API token, or none), the error answers with the
 * shared ErrorBody, the route's `config.example` as its example, and for the external API the multipart form.
 */
export async function registerOpenApi(app: FastifyInstance, opts: { version: string }): Promise<void> {
  const routes = new Map<string, RouteOptions>();
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== "HEAD") routes.set(operationIdOf(method, route.url), route);
  });

  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Atendo API",
        version: opts.version,
        description:
          "Start with **External API**: `POST /api/messages/send` with a connection's API token (generated in the connection dialog) " +
          "sends text or media to a WhatsApp number. Every other route is the web client's API and takes a session access token " +
          "(`POST /auth/login`). Errors answer `{ error: \"ERR_…\", details?, fields? }`.",
      },
      tags: [
        { name: EXTERNAL_API_TAG, description: "For other systems: authenticated with a connection's API token" },
        { name: "Application", description: "The web client's API (session bearer token)" },
      ],
      components: {
        securitySchemes: {
          session: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "Access token from POST /auth/login" },
          apiToken: { type: "http", scheme: "bearer", description: "A connection's API token (Connections → edit → API token)" },
        },
      },
    },
    hiddenTag: "X-HIDDEN",
    transform: (document) => {
      const route = document.route as RouteOptions & { config?: import("fastify").FastifyContextConfig };
      const config = route.config ?? {};
      if (isDocsUrl(document.url) || document.url.startsWith("/assets/")) return { schema: { hide: true }, url: document.url };
      // A body read by hand (JSON or multipart) is documented with the schema the handler parses it with.
      const schema = { ...(document.schema ?? {}), ...(!document.schema?.body && config.openapi?.body ? { body: config.openapi.body } : {}) } as Json;
      const method = Array.isArray(route.method) ? route.method.find((m) => m !== "HEAD")! : route.method;
      const transformed = jsonSchemaTransform({ ...document, schema } as never) as { schema: Json; url: string };
      const out: Json = { ...transformed.schema, operationId: operationIdOf(method, route.url) };
      if (!out.tags) out.tags = ["Application"];
      const body = out.body as Json | undefined;
      if (body && config.example?.body !== undefined) out.body = { ...body, examples: [config.example.body] };
      const query = out.querystring as { properties?: Record<string, Json> } | undefined;
      if (query?.properties && config.example?.query) {
        for (const [key, value] of Object.entries(config.example.query)) {
          if (query.properties[key]) query.properties[key] = { ...query.properties[key], examples: [value] };
        }
      }
      return { schema: out, url: transformed.url };
    },
    transformObject: createJsonSchemaTransformObject({}),
  });

  let cached: Json | null = null;
  const documentOf = (): Json => {
    if (cached) return cached;
    const doc = structuredClone(app.swagger()) as unknown as Json & { paths: Record<string, Record<string, Operation>>; components: Json & { schemas?: Json } };
    const { $schema: _dialect, ...errorBody } = z.toJSONSchema(errorBodySchema, { target: "draft-2020-12" });
    doc.components.schemas = { ...(doc.components.schemas ?? {}), ErrorBody: errorBody };
    for (const item of Object.values(doc.paths)) {
      for (const operation of Object.values(item)) {
        const route = operation.operationId ? routes.get(operation.operationId) : undefined;
        const config = (route?.config ?? {}) as import("fastify").FastifyContextConfig;
        operation.security = config.apiToken ? [{ apiToken: [] }] : config.public ? [] : [{ session: [] }];
        const errors = new Set<number>(config.openapi?.errors ?? [400]);
        if (!config.public) errors.add(401);
        if (config.permission) errors.add(403);
        if (config.permission && planFlagOf(config.permission)) {
          operation.description = `${operation.description ?? ""}\n\nNeeds the plan flag \`${planFlagOf(config.permission)}\`.`.trim();
        }
        if (Object.values(config.params ?? {}).some((p) => "resource" in p)) errors.add(404);
        if (config.multipart) errors.add(413).add(415);
        for (const status of errors) {
          operation.responses[status] ??= {
            description: ERROR_TEXT[status] ?? "Error",
            content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorBody" } } },
          };
        }
        if (config.openapi?.multipartBody && operation.requestBody) {
          const { $schema: _dialect, ...schema } = z.toJSONSchema(config.openapi.multipartBody as z.ZodType, { target: "draft-2020-12", io: "input", unrepresentable: "any" }) as Json;
          operation.requestBody.content["multipart/form-data"] = { schema };
        }
      }
    }
    cached = doc;
    return doc;
  };

  app.get("/openapi.json", { schema: { hide: true }, config: { public: true } }, async () => documentOf());

  // Swagger UI's files, as @fastify/swagger-ui ships them; the page and its initialiser are ours (no inline script).
  const uiDir = path.join(path.dirname(createRequire(import.meta.url).resolve("@fastify/swagger-ui")), "static");
  const UI_FILES: Record<string, string> = {
    "swagger-ui.css": "text/css; charset=utf-8",
    "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
    "swagger-ui-standalone-preset.js": "text/javascript; charset=utf-8",
    "favicon-32x32.png": "image/png",
  };
  app.get("/docs", { schema: { hide: true }, config: { public: true } }, async (_request, reply) =>
    reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(DOCS_PAGE),
  );
  app.get("/docs/init.js", { schema: { hide: true }, config: { public: true } }, async (_request, reply) =>
    reply.type("text/javascript; charset=utf-8").header("cache-control", "no-cache").send(DOCS_INIT),
  );
  app.get<{ Params: { file: string } }>(
    "/docs/static/:file",
    { schema: { hide: true }, config: { public: true, params: { file: { value: "swagger-ui.css" } } } },
    async (request, reply) => {
      const type = UI_FILES[request.params.file];
      if (!type) return reply.callNotFound();
      return reply.type(type).header("cache-control", "public, max-age=86400").send(await readFile(path.join(uiDir, request.params.file)));
    },
  );
}

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Atendo API reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" type="image/png" href="/docs/static/favicon-32x32.png">
<link rel="stylesheet" href="/docs/static/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/static/swagger-ui-bundle.js"></script>
<script src="/docs/static/swagger-ui-standalone-preset.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>
`;

const DOCS_INIT = `window.ui = SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: "StandaloneLayout",
});
`;
