import { existsSync, readdirSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";

/**
 * The API keeps the spec's paths at the root (GET /tickets is the ticket list), and the client's routes use the same
 * paths (/tickets is the tickets screen). A browser navigation asks for text/html and gets the app; API calls ask for
 * JSON and reach the routes. Built assets are served from /assets/ and the few files at the build's root.
 */
export async function registerWebClient(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, "index.html");
  if (!existsSync(indexFile)) {
    app.log.warn(`web client not built (${indexFile} missing): run "npm run build"`);
    return;
  }
  const rootFiles = new Set(
    readdirSync(webDist).filter((f) => f !== "index.html" && statSync(path.join(webDist, f)).isFile()),
  );
  await app.register(fastifyStatic, { root: webDist, serve: false });

  app.get("/assets/*", { config: { public: true, params: { "*": { value: "missing.js" } } } }, (request, reply) => {
    const file = (request.params as { "*": string })["*"];
    return reply.header("cache-control", "public, max-age=31536000, immutable").sendFile(path.posix.join("assets", file));
  });

  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    const url = request.url.split("?")[0] ?? "/";
    if (url.startsWith("/assets/") || url.startsWith("/socket.io")) return;
    const name = url.slice(1);
    if (rootFiles.has(name)) return reply.sendFile(name);
    if (!(request.headers.accept ?? "").includes("text/html")) return;
    // Read per navigation (small, rare): a rebuilt client is served without restarting the server.
    const indexHtml = await readFile(indexFile, "utf8");
    return reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(indexHtml);
  });
}
